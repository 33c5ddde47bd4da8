//! The result of a game, as the records, the reports and the statistics
//! count it.

use awale_core::game::Side;

/// The result of a game from South's (the first player's) side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// South (player 1) won.
    SouthWins,
    /// North (player 2) won.
    NorthWins,
    /// A draw.
    Draw,
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`, as in the records.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::SouthWins => "1-0",
            GameResult::NorthWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// Reads [`GameResult::as_str`] back.
    pub fn parse(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::SouthWins),
            "0-1" => Some(GameResult::NorthWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// The result a final split of the seeds `[south, north]` gives.
    pub fn of_scores(scores: [u32; 2]) -> GameResult {
        match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => GameResult::SouthWins,
            std::cmp::Ordering::Less => GameResult::NorthWins,
            std::cmp::Ordering::Equal => GameResult::Draw,
        }
    }

    /// The win for `side`.
    pub fn win_for(side: Side) -> GameResult {
        match side {
            Side::South => GameResult::SouthWins,
            Side::North => GameResult::NorthWins,
        }
    }

    /// Points scored by `side`: 1, 0.5 or 0.
    pub fn points(self, side: Side) -> f64 {
        match (self, side) {
            (GameResult::Draw, _) => 0.5,
            (GameResult::SouthWins, Side::South) | (GameResult::NorthWins, Side::North) => 1.0,
            _ => 0.0,
        }
    }
}
