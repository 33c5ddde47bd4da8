//! Property tests over random Oware games, under every combination of
//! options: seed conservation, notation round-trips, and agreement between
//! move generation, the move parser and the ending rules.

use awale::game::{game_end, Game, History};
use awale::variants::oware::{Oware, SEEDS};
use proptest::prelude::*;

fn rules() -> impl Strategy<Value = Oware> {
    (0..3usize, any::<bool>(), any::<bool>()).prop_map(|(slam, feed, numbers)| {
        let mut g = Oware::default();
        g.set_option("GrandSlam", ["nocapture", "forbidden", "capture"][slam])
            .unwrap();
        g.set_option("MustFeed", if feed { "true" } else { "false" })
            .unwrap();
        g.set_option("Notation", if numbers { "numbers" } else { "letters" })
            .unwrap();
        g
    })
}

fn total(game: &Oware, pos: &<Oware as Game>::Position) -> u32 {
    let board: u32 = (0..12).map(|h| pos.seeds(h)).sum();
    board + game.scores(pos).iter().sum::<u32>()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_keep_every_invariant(game in rules(), choices in prop::collection::vec(any::<u16>(), 0..200)) {
        let mut pos = game.start();
        let mut history = History::new(game.key(&pos));
        for choice in choices {
            prop_assert_eq!(total(&game, &pos), SEEDS);
            // parse(format(p)) = p
            let text = game.format_position(&pos);
            prop_assert_eq!(game.parse_position(&text).unwrap(), pos);
            let mut moves = Default::default();
            game.legal_moves(&pos, &mut moves);
            prop_assert_eq!(moves.len(), game.count_legal_moves(&pos));
            // Every generated move is accepted by the parser, as itself.
            for &mv in moves.iter() {
                let written = game.format_move(&pos, mv);
                prop_assert_eq!(game.parse_move(&pos, &written).unwrap(), mv);
            }
            // Every hole the parser accepts is a generated move.
            for hole in 1..=12 {
                if let Ok(mv) = game.parse_move(&pos, &hole.to_string()) {
                    prop_assert!(moves.contains(&mv));
                }
            }
            // No moves exactly when the position is an ending.
            prop_assert_eq!(moves.is_empty(), game.end(&pos).is_some());
            if game_end(&game, &pos, &history).is_some() {
                let end = game_end(&game, &pos, &history).unwrap();
                prop_assert_eq!(end.scores[0] + end.scores[1] <= SEEDS, true);
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let next = game.play(&pos, mv);
            prop_assert!(game.scores(&next)[0] >= game.scores(&pos)[0]);
            prop_assert!(game.scores(&next)[1] >= game.scores(&pos)[1]);
            prop_assert_ne!(game.side_to_move(&next), game.side_to_move(&pos));
            history.push(game.key(&next), game.is_irreversible(&pos, &next));
            pos = next;
        }
    }

    #[test]
    fn any_text_is_an_error_or_a_legal_move(text in "\\PC{0,6}") {
        let game = Oware::default();
        let pos = game.start();
        if let Ok(mv) = game.parse_move(&pos, &text) {
            let mut moves = Default::default();
            game.legal_moves(&pos, &mut moves);
            prop_assert!(moves.contains(&mv));
        }
        let _ = game.parse_position(&text);
    }

    #[test]
    fn position_parsing_never_panics(fields in prop::collection::vec("[0-9]{0,3}|[SNx]", 0..20)) {
        let game = Oware::default();
        let text = fields.join("-");
        if let Ok(pos) = game.parse_position(&text) {
            prop_assert_eq!(total(&game, &pos), SEEDS);
            prop_assert_eq!(game.parse_position(&game.format_position(&pos)).unwrap(), pos);
        }
    }
}
