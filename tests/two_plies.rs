//! The fused last-two-plies count of `oware` ([`Game::count_two_plies`])
//! against the plain one that plays every move
//! ([`count_two_plies_by_playing`]), on positions of random games under
//! every combination of options, and with repetition predicates that say
//! yes, no, or follow the real history.

use awale::game::{count_two_plies_by_playing, Game, History};
use awale::perft::perft;
use awale::variants::oware::Oware;
use proptest::prelude::*;

fn rules() -> impl Strategy<Value = Oware> {
    (0..3usize, any::<bool>()).prop_map(|(slam, feed)| {
        let mut g = Oware::default();
        g.set_option("GrandSlam", ["nocapture", "forbidden", "capture"][slam])
            .unwrap();
        g.set_option("MustFeed", if feed { "true" } else { "false" })
            .unwrap();
        g
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fused_count_matches_playing_every_move(game in rules(), choices in prop::collection::vec(any::<u16>(), 0..150), salt in any::<u64>()) {
        let mut pos = game.start();
        let mut history = History::new(game.key(&pos));
        for choice in choices {
            let never = |_: &u128| false;
            let always = |_: &u128| true;
            let some = |k: &u128| (*k as u64 ^ (*k >> 64) as u64 ^ salt).count_ones() % 2 == 0;
            prop_assert_eq!(game.count_two_plies(&pos, never), count_two_plies_by_playing(&game, &pos, never));
            prop_assert_eq!(game.count_two_plies(&pos, always), count_two_plies_by_playing(&game, &pos, always));
            prop_assert_eq!(game.count_two_plies(&pos, some), count_two_plies_by_playing(&game, &pos, some));
            let real = |k: &u128| history.would_repeat(*k);
            prop_assert_eq!(game.count_two_plies(&pos, real), count_two_plies_by_playing(&game, &pos, real));
            // And perft to depth 3 agrees with a count that pushes every ply.
            prop_assert_eq!(perft(&game, &pos, &mut history, 3), perft_by_pushing(&game, &pos, &mut history, 3));
            let mut moves = Default::default();
            game.legal_moves(&pos, &mut moves);
            // Oware::min_repetition_plies (4): no two reversible plies lead back.
            for &mv in moves.iter() {
                let child = game.play(&pos, mv);
                let mut replies = Default::default();
                game.legal_moves(&child, &mut replies);
                for &reply in replies.iter() {
                    let grandchild = game.play(&child, reply);
                    prop_assert!(game.is_irreversible(&pos, &grandchild) || grandchild != pos);
                }
            }
            if moves.is_empty() || history.is_repetition() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let next = game.play(&pos, mv);
            history.push(game.key(&next), game.is_irreversible(&pos, &next));
            pos = next;
        }
    }
}

/// perft as the rules read: push every position, then ask whether it ended.
fn perft_by_pushing(
    game: &Oware,
    pos: &<Oware as Game>::Position,
    history: &mut History<u128>,
    depth: u32,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if history.is_repetition() {
        return 0;
    }
    let mut moves = Default::default();
    game.legal_moves(pos, &mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let next = game.play(pos, mv);
        history.push(game.key(&next), game.is_irreversible(pos, &next));
        total += perft_by_pushing(game, &next, history, depth - 1);
        history.pop();
    }
    total
}
