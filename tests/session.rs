//! Sessions: undo and redo to any depth restore the exact position.

use patience_engine::deal::Deal;
use patience_runtime::{RuleSet, Session};
use patience_tests::plugin;

fn view(session: &mut Session) -> String {
    let game = session.game();
    format!("{:?}{:?}{:?}{:?}", game.layout().unwrap(), game.moves().unwrap(), game.hud().unwrap(), game.status().unwrap())
}

#[test]
fn undo_and_redo_walk_the_history_exactly() {
    for id in ["relaxed", "draw-three", "speedpyramid"] {
        let mut session = Session::start(plugin(id), RuleSet::defaults(id), Deal::Seed(8)).unwrap();
        let mut views = vec![view(&mut session)];
        for step in 0..25 {
            let moves = session.game().moves().unwrap();
            if moves.is_empty() {
                break;
            }
            session.apply(&moves[(step * 7) % moves.len()]).unwrap();
            views.push(view(&mut session));
        }
        let played = views.len() - 1;
        assert_eq!(session.move_log().len(), played);
        for back in (0..played).rev() {
            assert!(session.undo().unwrap());
            assert_eq!(view(&mut session), views[back], "{id}: undo to {back}");
        }
        assert!(!session.undo().unwrap(), "nothing left to undo");
        for (forward, expected) in views.iter().enumerate().skip(1) {
            assert!(session.redo().unwrap());
            assert_eq!(&view(&mut session), expected, "{id}: redo to {forward}");
        }
        assert!(!session.redo().unwrap());
        // A new move after undo drops the redo branch.
        session.undo().unwrap();
        let moves = session.game().moves().unwrap();
        session.apply(&moves[0]).unwrap();
        assert!(!session.can_redo());
        session.restart().unwrap();
        assert_eq!(view(&mut session), views[0], "{id}: restart");
        assert!(session.move_log().is_empty());
    }
}
