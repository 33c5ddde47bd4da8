//! The engine options of `uci`/`setoption`: how they are listed and what
//! setting one changes. Rule options come from the variant itself.

use std::time::Duration;

use crate::game::{parse_bool, OptionInfo, OptionKind};
use crate::registry;
use crate::search::{Level, Skill};
use crate::tables::loader::Source;
use crate::variants::oware::eval::{self as oware_eval, Evaluation};

use super::dialect::{self, DialectChoice};
use super::session::Settings;

/// Largest `Hash` in MB.
pub const MAX_HASH_MB: u64 = 4096;
/// Largest `Threads`.
pub const MAX_THREADS: u64 = 256;
/// Largest `MultiPV`.
pub const MAX_MULTIPV: u64 = 256;
/// Largest `Move Overhead` in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// Largest `Seed`.
pub const MAX_SEED: u64 = i32::MAX as u64;

/// What the engine must do after a successful `setoption`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing beyond storing the new settings (read at the next `go`).
    Stored,
    /// Pass the search settings to the searcher.
    Configure,
    /// Empty the transposition table (`Clear Hash`).
    ClearHash,
    /// Play with the evaluation [`Settings::eval`] (`EvalFile`, already
    /// loaded), and empty the table, whose scores came from the old one.
    Evaluation,
    /// Build a new session (new variant or rule); `keep_position` says
    /// whether to replay the current position in it.
    Rebuild {
        /// Replay the last `position` (a rule changed) or start afresh (the variant changed).
        keep_position: bool,
    },
}

/// The `option name ...` lines of `uci`, values shown being those in force.
pub fn option_lines(settings: &Settings, rules: &[OptionInfo]) -> Vec<String> {
    let mut lines = Vec::new();
    lines.push(format!(
        "option name Variant type combo default {}{}",
        settings.variant,
        combo_values(registry::NAMES)
    ));
    for rule in rules {
        lines.push(match &rule.kind {
            OptionKind::Combo { values } => {
                format!(
                    "option name {} type combo default {}{}",
                    rule.name,
                    rule.current,
                    combo_values(values)
                )
            }
            OptionKind::Check => {
                format!(
                    "option name {} type check default {}",
                    rule.name, rule.current
                )
            }
        });
    }
    lines.push(format!(
        "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
        settings.hash_mb
    ));
    lines.push(format!(
        "option name Threads type spin default {} min 1 max {MAX_THREADS}",
        settings.threads
    ));
    lines.push(format!(
        "option name Skill type spin default {} min 0 max {}",
        settings.skill.number().unwrap_or(Skill::MAX),
        Skill::MAX
    ));
    lines.push(format!(
        "option name Level type combo default {} var easy var medium var hard",
        Level::naming(settings.skill).unwrap_or_default()
    ));
    lines.push(format!(
        "option name Seed type spin default {} min 0 max {MAX_SEED}",
        settings.seed
    ));
    lines.push(format!(
        "option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}",
        settings.multipv
    ));
    lines.push(format!(
        "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
        settings.move_overhead.as_millis()
    ));
    lines.push(format!(
        "option name Tables type string default {}",
        settings.tables
    ));
    lines.push(format!(
        "option name EvalFile type string default {}",
        settings.eval.spec()
    ));
    lines.push(format!(
        "option name Ponder type check default {}",
        settings.ponder
    ));
    lines.push(format!(
        "option name OwnBook type check default {}",
        settings.own_book
    ));
    lines.push(format!(
        "option name Book type string default {}",
        settings.book
    ));
    lines.push("option name Clear Hash type button".to_string());
    lines.push(format!(
        "option name Dialect type combo default {}{}",
        settings.dialect,
        combo_values(&dialect::CHOICES)
    ));
    lines
}

/// The values of a combo option as `uci` lists them: ` var a var b ...`.
fn combo_values(values: &[&str]) -> String {
    values.iter().map(|v| format!(" var {v}")).collect()
}

/// An option name in canonical form: lower case, single spaces.
fn canonical(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase()
}

/// The value of option `name`, which must have one.
fn required<'a>(name: &str, value: Option<&'a str>) -> Result<&'a str, String> {
    value.ok_or_else(|| format!("option {name}: a value is required"))
}

fn spin(name: &str, value: Option<&str>, min: u64, max: u64) -> Result<u64, String> {
    let value = required(name, value)?;
    match value.parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(format!(
            "option {name}: '{value}' is not a whole number from {min} to {max}"
        )),
    }
}

/// The value of the check option `name`.
fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    parse_bool(name, required(name, value)?).map_err(|e| e.to_string())
}

/// Applies `setoption name <name> value <value>` to a copy of `settings`;
/// `rules` are the current variant's rule options. On error nothing changes.
pub fn apply(
    settings: &Settings,
    rules: &[OptionInfo],
    name: &str,
    value: Option<&str>,
) -> Result<(Settings, Effect), String> {
    let mut next = settings.clone();
    let key = canonical(name);
    let effect = match key.as_str() {
        "variant" => set_variant(&mut next, value)?,
        "hash" => {
            next.hash_mb = spin("Hash", value, 1, MAX_HASH_MB)? as usize;
            Effect::Configure
        }
        "threads" => {
            next.threads = spin("Threads", value, 1, MAX_THREADS)? as usize;
            Effect::Configure
        }
        "seed" => {
            next.seed = spin("Seed", value, 0, MAX_SEED)?;
            Effect::Configure
        }
        "multipv" => {
            next.multipv = spin("MultiPV", value, 1, MAX_MULTIPV)? as usize;
            Effect::Stored
        }
        "move overhead" => {
            next.move_overhead =
                Duration::from_millis(spin("Move Overhead", value, 0, MAX_MOVE_OVERHEAD_MS)?);
            Effect::Stored
        }
        "level" => {
            next.skill = required("Level", value)?
                .parse::<Level>()
                .map_err(|e| format!("option Level: {e}"))?
                .skill();
            Effect::Configure
        }
        "skill" => {
            // A spin to a GUI; the steps' words and the levels' names are
            // taken too.
            next.skill = required("Skill", value)?
                .parse::<Skill>()
                .map_err(|e| format!("option Skill: {e}"))?;
            Effect::Configure
        }
        "tables" => {
            // An empty value (`setoption name Tables value`) turns them off.
            next.tables =
                Source::parse(value.unwrap_or("")).map_err(|e| format!("option Tables: {e}"))?;
            Effect::Configure
        }
        "evalfile" => {
            // An empty value goes back to the built-in weights. The file is
            // read and checked here: one that fails is an error and the
            // evaluation in use stays.
            let spec = match value.map(str::trim) {
                None | Some("") => oware_eval::FITTED,
                Some(spec) => spec,
            };
            next.eval = Evaluation::load(spec).map_err(|e| format!("option EvalFile: {e}"))?;
            Effect::Evaluation
        }
        "ponder" => {
            next.ponder = check("Ponder", value)?;
            Effect::Stored
        }
        "ownbook" => {
            next.own_book = check("OwnBook", value)?;
            Effect::Configure
        }
        "book" => {
            // An empty value goes back to the built-in book.
            next.book = match value.map(str::trim) {
                None | Some("") => crate::book::BUILTIN.to_string(),
                Some(spec) => spec.to_string(),
            };
            Effect::Configure
        }
        "clear hash" if value.is_some() => {
            return Err("option Clear Hash: a button takes no value".into())
        }
        "clear hash" => Effect::ClearHash,
        "dialect" => {
            let value = required("Dialect", value)?;
            next.dialect = DialectChoice::parse(value).ok_or_else(|| {
                format!(
                    "option Dialect: unknown dialect '{value}' (expected one of: {})",
                    dialect::CHOICES.join(", ")
                )
            })?;
            Effect::Stored
        }
        _ => set_rule(&mut next, rules, &key, name, value)?,
    };
    Ok((next, effect))
}

/// `Variant`: a new session with the variant's default rules.
fn set_variant(next: &mut Settings, value: Option<&str>) -> Result<Effect, String> {
    let value = required("Variant", value)?;
    let found = registry::NAMES
        .iter()
        .find(|n| n.eq_ignore_ascii_case(value))
        .ok_or_else(|| {
            format!(
                "option Variant: unknown variant '{value}' (expected one of: {})",
                registry::NAMES.join(", ")
            )
        })?;
    next.variant = found.to_string();
    next.rule_options.clear();
    Ok(Effect::Rebuild {
        keep_position: false,
    })
}

/// A rule option of the variant (its canonical name `key`, as written
/// `name`): the session is rebuilt with the position kept.
fn set_rule(
    next: &mut Settings,
    rules: &[OptionInfo],
    key: &str,
    name: &str,
    value: Option<&str>,
) -> Result<Effect, String> {
    let rule = rules
        .iter()
        .find(|r| canonical(r.name) == key)
        .ok_or_else(|| unknown_option(rules, name))?;
    let value = required(rule.name, value)?;
    next.rule_options
        .retain(|(n, _)| !n.eq_ignore_ascii_case(rule.name));
    next.rule_options
        .push((rule.name.to_string(), value.to_string()));
    Ok(Effect::Rebuild {
        keep_position: true,
    })
}

/// The error for an option `name` that is none of the engine's nor of
/// the variant's `rules`, listing those.
fn unknown_option(rules: &[OptionInfo], name: &str) -> String {
    let mut known: Vec<&str> = vec!["Variant"];
    known.extend(rules.iter().map(|r| r.name));
    known.extend([
        "Hash",
        "Threads",
        "Skill",
        "Level",
        "Seed",
        "MultiPV",
        "Move Overhead",
        "Tables",
        "EvalFile",
        "Ponder",
        "OwnBook",
        "Book",
        "Clear Hash",
        "Dialect",
    ]);
    format!("unknown option '{name}' (options: {})", known.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::session::build;

    fn rules() -> Vec<OptionInfo> {
        build(&Settings::default()).unwrap().rule_options()
    }

    #[test]
    fn lists_every_option() {
        let lines = option_lines(&Settings::default(), &rules());
        let text = lines.join("\n");
        for want in [
            "option name Variant type combo default oware var oware",
            "option name GrandSlam type combo default nocapture var nocapture var forbidden var capture",
            "option name MustFeed type check default true",
            "option name Notation type combo default letters var letters var numbers",
            "option name Hash type spin default 16 min 1 max 4096",
            "option name Threads type spin default 1 min 1",
            "option name Skill type spin default 20 min 0 max 20",
            "option name Level type combo default hard var easy var medium var hard",
            "option name MultiPV type spin default 1 min 1",
            "option name Move Overhead type spin default 10 min 0",
            "option name Tables type string default <default>",
            "option name EvalFile type string default <fitted>",
            "option name Ponder type check default false",
            "option name OwnBook type check default true",
            "option name Book type string default <builtin>",
            "option name Clear Hash type button",
            "option name Dialect type combo default auto var auto var standard var aalina",
        ] {
            assert!(text.contains(want), "missing {want:?} in\n{text}");
        }
    }

    #[test]
    fn skill_and_level_set_one_strength() {
        let s = Settings::default();
        let (n, e) = apply(&s, &rules(), "skill", Some("3")).unwrap();
        assert_eq!((n.skill.number(), e), (Some(3), Effect::Configure));
        let (n, _) = apply(&n, &rules(), "Skill", Some("Club")).unwrap();
        assert_eq!(n.skill.word(), "club");
        let (n, _) = apply(&n, &rules(), "Level", Some("easy")).unwrap();
        assert_eq!(n.skill, Level::Easy.skill());
        let listed = option_lines(&n, &rules()).join("\n");
        assert!(listed.contains("option name Level type combo default easy"));
        let (n, _) = apply(&n, &rules(), "Level", Some("hard")).unwrap();
        assert!(n.skill.is_full());
    }

    #[test]
    fn names_are_case_and_space_insensitive() {
        let s = Settings::default();
        let (n, e) = apply(&s, &rules(), "move  OVERHEAD", Some("30")).unwrap();
        assert_eq!(n.move_overhead, Duration::from_millis(30));
        assert_eq!(e, Effect::Stored);
        let (n, e) = apply(&s, &rules(), "grandslam", Some("capture")).unwrap();
        assert_eq!(n.rule_options, vec![("GrandSlam".into(), "capture".into())]);
        assert_eq!(
            e,
            Effect::Rebuild {
                keep_position: true
            }
        );
        let (n, _) = apply(&n, &rules(), "GRANDSLAM", Some("forbidden")).unwrap();
        assert_eq!(
            n.rule_options,
            vec![("GrandSlam".into(), "forbidden".into())]
        );
        let (_, e) = apply(&s, &rules(), "clear hash", None).unwrap();
        assert_eq!(e, Effect::ClearHash);
        let (n, e) = apply(&s, &rules(), "dialect", Some("Aalina")).unwrap();
        assert_eq!(
            (n.dialect.to_string().as_str(), e),
            ("aalina", Effect::Stored)
        );
        let (n, e) = apply(&s, &rules(), "tables", Some("<none>")).unwrap();
        assert_eq!((n.tables, e), (Source::Off, Effect::Configure));
        let (n, _) = apply(&s, &rules(), "Tables", Some("<default>")).unwrap();
        assert_eq!(n.tables, Source::Default);
        let (n, _) = apply(&s, &rules(), "Tables", None).unwrap();
        assert_eq!(n.tables, Source::Off);
        let here = std::env::current_dir().unwrap();
        let (n, _) = apply(&s, &rules(), "Tables", here.to_str()).unwrap();
        assert_eq!(n.tables, Source::Dir(here));
        let (n, e) = apply(&s, &rules(), "ponder", Some("TRUE")).unwrap();
        assert_eq!((n.ponder, e), (true, Effect::Stored));
        let (n, _) = apply(&n, &rules(), "Ponder", Some("false")).unwrap();
        assert!(!n.ponder);
        let (n, e) = apply(&s, &rules(), "evalfile", Some("<hand-set>")).unwrap();
        assert_eq!((n.eval.spec(), e), ("<hand-set>", Effect::Evaluation));
        let (n, _) = apply(&n, &rules(), "EvalFile", None).unwrap();
        assert_eq!(n.eval.spec(), "<fitted>");
        let (n, e) = apply(&s, &rules(), "ownbook", Some("False")).unwrap();
        assert_eq!((n.own_book, e), (false, Effect::Configure));
        assert!(apply(&s, &rules(), "OwnBook", Some("maybe")).is_err());
        let (n, e) = apply(&s, &rules(), "BOOK", Some(" my.bin ")).unwrap();
        assert_eq!((n.book.as_str(), e), ("my.bin", Effect::Configure));
        let (n, _) = apply(&n, &rules(), "Book", None).unwrap();
        assert_eq!(n.book, "<builtin>");
        let (n, _) = apply(&s, &rules(), "Variant", Some("OWARE")).unwrap();
        assert_eq!(n.variant, "oware");
    }

    #[test]
    fn bad_names_and_values_are_refused() {
        let s = Settings::default();
        for (name, value, want) in [
            ("Hash", Some("0"), "from 1 to"),
            ("Hash", Some("x"), "'x'"),
            ("Hash", None, "value is required"),
            ("Threads", Some("-1"), "Threads"),
            ("Level", Some("expert"), "easy, medium or hard"),
            ("Skill", Some("21"), "from 0 to 20"),
            ("Skill", Some("-1"), "'-1'"),
            ("Skill", None, "value is required"),
            ("Variant", Some("chess"), "unknown variant 'chess'"),
            ("Frobnicate", Some("1"), "unknown option 'Frobnicate'"),
            ("MustFeed", None, "value is required"),
            ("Ponder", Some("yes"), "expected true or false"),
            ("Ponder", None, "value is required"),
            ("Clear Hash", Some("5"), "a button takes no value"),
            ("Dialect", Some("gui"), "unknown dialect 'gui'"),
            ("Dialect", None, "value is required"),
            (
                "Tables",
                Some("/no/such/dir"),
                "directory /no/such/dir does not exist",
            ),
        ] {
            let err = apply(&s, &rules(), name, value).unwrap_err();
            assert!(err.contains(want), "{name}: {err}");
        }
    }
}
