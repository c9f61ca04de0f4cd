//! Draw-three Pyramid: info, defaults and its three waste piles.

use patience_engine::Variant;
use patience_engine::deal::Deal;
use patience_engine::game::Game;
use patience_engine::layout::SlotKind;
use patience_engine::options::OptionValue;
use patience_pairs::{DrawMode, Passes, Win};
use patience_variant_draw_three::DrawThree;

#[test]
fn draw_three_info_and_defaults() {
    let info = DrawThree::info();
    assert_eq!((info.id.as_str(), info.version.as_str()), ("draw-three", "1.1.0"));
    assert_eq!(info.options[1].default, OptionValue::Choice("pyramid".into()));
    assert!(
        info.rules.contains("pile 1 from its bottom card to its top, then"),
        "the turn-over order is documented"
    );
    let game = Game::<DrawThree>::start(&Deal::Seed(3), &[]).unwrap();
    let options = game.state.options();
    assert_eq!(
        (options.win, options.passes, options.face_down, options.draw),
        (Win::Pyramid, Passes::Limited(1), false, DrawMode::ThreePiles)
    );
    let waste: Vec<u32> =
        game.state.layout().slots.iter().filter(|s| s.kind == SlotKind::Waste).map(|s| s.id).collect();
    assert_eq!(waste, [29, 30, 31]);
}

#[test]
fn a_draw_fills_the_three_piles() {
    let mut game = Game::<DrawThree>::start(&Deal::Seed(3), &[]).unwrap();
    let deck = Deal::Seed(3).deck().unwrap();
    let draw = game.moves().into_iter().find(|m| m.info.notation == "draw").unwrap();
    assert_eq!(draw.info.label, "Draw three");
    game.apply(draw.id).unwrap();
    for pile in 0..3 {
        assert_eq!(game.state.waste_cards(pile), vec![deck[28 + pile]]);
    }
}
