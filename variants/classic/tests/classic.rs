//! Classic Pyramid: info and defaults (win = all, one pass, one pile).

use patience_engine::Variant;
use patience_engine::deal::Deal;
use patience_engine::game::Game;
use patience_engine::options::OptionValue;
use patience_pairs::{DrawMode, Passes, Win};
use patience_variant_classic::Classic;

#[test]
fn classic_info_and_defaults() {
    let info = Classic::info();
    assert_eq!((info.id.as_str(), info.version.as_str()), ("classic", "1.1.0"));
    let names: Vec<&str> = info.options.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(names, ["passes", "win", "face_down", "overlap_pairs", "stock_top_playable"]);
    assert_eq!(info.options[1].default, OptionValue::Choice("all".into()));
    assert!(info.rules.contains("all 52 cards"));
    let game = Game::<Classic>::start(&Deal::Seed(3), &[]).unwrap();
    let options = game.state.options();
    assert_eq!(
        (options.win, options.passes, options.face_down, options.draw),
        (Win::All, Passes::Limited(1), false, DrawMode::OneCard)
    );
}

#[test]
fn classic_takes_the_shared_options() {
    let given = vec![
        ("passes".to_string(), OptionValue::Choice("unlimited".into())),
        ("win".to_string(), OptionValue::Choice("pyramid".into())),
        ("face_down".to_string(), OptionValue::Flag(true)),
    ];
    let game = Game::<Classic>::start(&Deal::Seed(3), &given).unwrap();
    assert_eq!((game.state.options().passes, game.state.options().win), (Passes::Unlimited, Win::Pyramid));
    assert!(
        Game::<Classic>::start(&Deal::Seed(3), &[("passes".into(), OptionValue::Choice("4".into()))])
            .is_err()
    );
}
