//! The ladder's statistical check: each step beats the one below it over
//! fast games from the balanced openings, both colours, at the node cap
//! the ladder was measured with. The games are node-limited and the
//! engines seeded, so the check is the same on every machine.

use awale_core::registry::{self, Variant, Visitor};
use awale_core::search::Skill;
use awale_core::variants::oware::Oware;
use awale_ladder::{play_pair, random_openings, read_openings, Pairing, Tally};

const OPENINGS: &str = include_str!("../../../scripts/openings-oware.txt");

/// Step `n` against step `n - 1`: `games` games at `nodes` a move.
fn pair(n: u8, games: usize, nodes: u64) -> Tally {
    let openings = read_openings(OPENINGS);
    let pairing = Pairing {
        skills: [Skill::step(n).unwrap(), Skill::step(n - 1).unwrap()],
        nodes,
        games,
        max_plies: 400,
        seed: 1,
        threads: 2,
    };
    play_pair(&Oware::default(), &openings, &pairing).unwrap()
}

#[test]
fn each_step_beats_the_one_below_it() {
    let mut weak = Vec::new();
    for n in 1..=Skill::MAX {
        // The steps that search a few plies cost little: more games.
        let searches_nodes = Skill::step(n).unwrap().play().nodes > 0 || n == Skill::MAX;
        let games = if searches_nodes { 40 } else { 100 };
        let tally = pair(n, games, 50_000);
        // A margin: a step must score clearly above an even match, which
        // a step no stronger than the one below would rarely reach.
        if tally.score() < 0.55 {
            weak.push(format!("step {n}: {tally:?}, score {:.3}", tally.score()));
        }
    }
    assert!(
        weak.is_empty(),
        "steps not clearly above the one below:\n{}",
        weak.join("\n")
    );
}

#[test]
fn every_variant_plays_at_every_kind_of_step() {
    struct Games;
    impl Visitor for Games {
        type Output = Vec<Tally>;
        fn visit<G: Variant>(self, game: G) -> Vec<Tally> {
            let openings = random_openings(&game, 1, 4, 3);
            [1, 9, 14, Skill::MAX]
                .into_iter()
                .map(|n| {
                    let pairing = Pairing {
                        skills: [Skill::step(n).unwrap(), Skill::step(0).unwrap()],
                        nodes: 2_000,
                        games: 2,
                        max_plies: 400,
                        seed: 1,
                        threads: 1,
                    };
                    play_pair(&game, &openings, &pairing).unwrap()
                })
                .collect()
        }
    }
    for name in registry::NAMES {
        let tallies = registry::visit(name, &[], Games).unwrap();
        for tally in tallies {
            assert_eq!(tally.games(), 2, "{name}");
            assert!(
                tally.wins >= 1,
                "{name}: a searching step loses both games to the random mover: {tally:?}"
            );
        }
    }
}
