//! Game records checked against the rules: the moves replayed and the
//! recorded scores compared with the ending they reach.

use awale::game::{game_end, play_moves, Game, GameEnd, History};
use awale::referee::records::Record;
use awale::variants::oware::Oware;

/// Replays the record's moves from the start with the default `oware` rules
/// (panicking, with the record, when they do not replay) and returns how the
/// game stands after them: `None` while it goes on.
pub fn replay(r: &Record) -> Option<GameEnd> {
    let game = Oware::default();
    let start = game.start();
    let (pos, history) = play_moves(
        &game,
        start,
        &History::new(game.key(&start)),
        &r.moves.join(" "),
    )
    .unwrap_or_else(|e| panic!("record replays: {e}\n{}", r.to_text()));
    game_end(&game, &pos, &history)
}

/// Asserts that the record's `Scores` tag is the ending's final scores.
pub fn assert_scores_tag(r: &Record, end: &GameEnd) {
    assert_eq!(
        r.tag("Scores").unwrap(),
        format!("{}-{}", end.scores[0], end.scores[1])
    );
}
