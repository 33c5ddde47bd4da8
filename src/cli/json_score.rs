//! A search score as the JSON of `awale analyze` writes it, for one
//! position and for every move of a game alike.

use awale::search::Score;
use serde::Serialize;

/// A score as numbers: `kind` is `cp` (centiseeds), `mate` (moves to
/// the end, negative when losing), as in the protocol's `score`, or `table`
/// (a result the endgame tables prove: the final margin in seeds, negative
/// when losing).
#[derive(Clone, Debug, Serialize)]
pub struct JsonScore {
    kind: &'static str,
    value: i64,
}

impl From<Score> for JsonScore {
    fn from(score: Score) -> JsonScore {
        if let Some((margin, _)) = score.table_margin() {
            return JsonScore {
                kind: "table",
                value: margin.into(),
            };
        }
        let uci = score.to_uci();
        let (kind, value) = uci.split_once(' ').unwrap_or(("cp", "0"));
        JsonScore {
            kind: if kind == "mate" { "mate" } else { "cp" },
            value: value.parse().unwrap_or(0),
        }
    }
}
