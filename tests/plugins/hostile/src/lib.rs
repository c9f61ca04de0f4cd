//! A plugin that misbehaves on request, for the sandbox tests.
//!
//! The game is trivial: `step` five times to win. Option `attack` picks a
//! misbehaviour, which starts once one step has been played (so there is a
//! good state to go back to); an attack on `start` fires at once.
//!
//! * `panic`, `loop`, `memory`, `recursion`: a panic with a message, an
//!   endless loop, unbounded allocation or endless recursion in the contract
//!   function named by option `in` (`start`, `restore`, `layout`, `hud`,
//!   `moves`, `apply`, `status`, `explain`, `snapshot`, `solve`,
//!   `resample`). `KIND-in-FUNCTION` (`loop-in-moves`) is the same as
//!   `attack=KIND, in=FUNCTION`.
//! * invalid answers: a layout with a duplicate slot id, a card twice, a NaN
//!   position, moves pointing at missing slots, too many slots or moves,
//!   overlong or control-character text, a card that does not exist;
//! * giant answers: a million slots, a 100 MB label, notation or snapshot,
//!   2,000 labels that all alias one 1 MiB buffer (2 GB if the host copied
//!   each), invalid UTF-8, a string pointer outside memory, a log flood;
//! * `bad-restore`: after one step its snapshots can no longer be restored,
//!   and `hud` panics (so the host's recovery itself fails);
//! * `false-win`: the solver claims a win as soon as one step is played.

use patience_engine::log;
use patience_engine::prelude::*;
use serde::{Deserialize, Serialize, Serializer};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, Ordering};

const ATTACKS: &[&str] = &[
    "none",
    // Misbehaviour in the function named by `in`.
    "panic",
    "loop",
    "memory",
    "recursion",
    // The same, the function in the name (the first sandbox tests).
    "loop-in-moves",
    "memory-in-layout",
    "panic-in-apply",
    "recursion-in-moves",
    // Invalid layouts.
    "duplicate-slot",
    "card-twice",
    "nan-position",
    "far-position",
    "infinite-board",
    "bad-card",
    "control-label",
    "long-label",
    "many-slots",
    // Invalid moves, HUD, status, explanation.
    "missing-slot",
    "empty-notation",
    "many-moves",
    "many-hud",
    "long-status",
    "long-explain",
    // Giant or malformed answers.
    "giant-slots",
    "giant-string",
    "giant-notation",
    "giant-snapshot",
    "aliased-labels",
    "invalid-utf8",
    "wild-pointer",
    "log-flood",
    // Refusals and lies.
    "refuse-start",
    "bad-restore",
    "false-win",
];

const FUNCTIONS: &[&str] =
    &["start", "restore", "layout", "hud", "moves", "apply", "status", "explain", "snapshot", "solve", "resample"];

#[derive(Clone, Deserialize)]
pub struct Hostile {
    attack: String,
    /// The contract function the attack hits (`panic`, `loop`, ... only).
    target: String,
    steps: u32,
}

/// What a snapshot holds (the serialized form of [`Hostile`]).
#[derive(Serialize)]
struct Fields<'a> {
    attack: &'a str,
    target: &'a str,
    steps: u32,
}

impl Serialize for Hostile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.misbehave("snapshot");
        if self.attacking("giant-snapshot") {
            // A 100 MB snapshot: the state carries a ballast.
            let ballast = vec![0x5au8; 100 << 20];
            return (Fields { attack: &self.attack, target: &self.target, steps: self.steps }, black_box(ballast))
                .serialize(serializer);
        }
        Fields { attack: &self.attack, target: &self.target, steps: self.steps }.serialize(serializer)
    }
}

/// Set by `perform`, cleared by the `status` call that `apply` makes next.
static JUST_PERFORMED: AtomicBool = AtomicBool::new(false);

#[allow(unconditional_recursion)]
fn recurse(depth: u64) -> u64 {
    black_box(recurse(black_box(depth + 1)) + 1)
}

/// Does `kind` now, in `function`. Never returns.
fn attack_now(kind: &str, function: &str, steps: u32) {
    match kind {
        "panic" => panic!("the hostile fixture panics on purpose after {steps} steps (in `{function}`)"),
        "loop" => {
            let mut counter = 0u64;
            loop {
                counter = black_box(counter.wrapping_add(1));
            }
        }
        "memory" => {
            let mut hoard: Vec<Vec<u8>> = Vec::new();
            loop {
                hoard.push(black_box(vec![7u8; 1 << 20]));
                black_box(&hoard);
            }
        }
        "recursion" => {
            black_box(recurse(0));
        }
        _ => {}
    }
}

/// A string of `len` bytes.
fn giant(len: usize) -> String {
    black_box("x".repeat(len))
}

/// `count` strings that all own the same buffer of `len` bytes. Undefined
/// behaviour by Rust's rules, and exactly what a hostile plugin does: the
/// contract's lowering hands the host `count` (pointer, length) pairs that
/// all point at one buffer, and a host that copies each gets `count × len`
/// bytes for the memory of one.
fn aliases(count: usize, len: usize) -> Vec<String> {
    let buffer: &'static mut str = giant(len).leak();
    let ptr = buffer.as_mut_ptr();
    // SAFETY: none — on purpose. The strings are handed to the host and
    // never dropped here before the call returns.
    (0..count).map(|_| unsafe { String::from_raw_parts(ptr, len, len) }).collect()
}

impl Hostile {
    fn attacking(&self, attack: &str) -> bool {
        self.attack == attack && self.steps >= 1
    }

    /// The attack of kind `panic`, `loop`, `memory` or `recursion` aimed at
    /// `function`, once a step has been played.
    fn misbehave(&self, function: &str) {
        if self.target == function && self.steps >= 1 {
            attack_now(&self.attack, function, self.steps);
        }
    }
}

impl Variant for Hostile {
    type Action = ();

    fn info() -> Info {
        Info {
            id: "hostile".into(),
            name: "Hostile fixture".into(),
            version: "0.1.0".into(),
            summary: "Misbehaves on purpose.".into(),
            rules: "Step five times to win.".into(),
            options: vec![
                OptionSpec::choice("attack", ATTACKS, "none", "what to do wrong"),
                OptionSpec::choice("in", FUNCTIONS, "moves", "where to do it (panic, loop, memory, recursion)"),
            ],
        }
    }

    fn start(_deal: &Deal, settings: &Settings) -> Result<Self, String> {
        let attack = settings.choice("attack");
        if attack == "refuse-start" {
            return Err("this fixture refuses to start".into());
        }
        let (attack, target) = match attack.split_once("-in-") {
            Some((kind, function)) => (kind, function),
            None => (attack, settings.choice("in")),
        };
        if target == "start" {
            attack_now(attack, "start", 0);
        }
        Ok(Hostile { attack: attack.to_string(), target: target.to_string(), steps: 0 })
    }

    fn check(&self) -> Result<(), String> {
        self.misbehave("restore");
        if self.attacking("bad-restore") {
            return Err("this fixture refuses its own snapshots".into());
        }
        Ok(())
    }

    fn layout(&self) -> Layout {
        self.misbehave("layout");
        let ace = Card::new(ACE, Suit::Spades).unwrap();
        let king = Card::new(KING, Suit::Hearts).unwrap();
        let mut slots = vec![
            Slot::new(0, SlotKind::Stock, 0.0, 0.0, Face::Down).playable(true),
            Slot::new(1, SlotKind::Pyramid, 1.5, 0.0, Face::Up(ace)),
            Slot::new(2, SlotKind::Pyramid, 3.0, 0.0, Face::Up(king)),
        ];
        let mut layout_width = 4.0;
        if self.attacking("duplicate-slot") {
            slots[2].id = 1;
        }
        if self.attacking("card-twice") {
            slots[2].face = Face::Up(ace);
        }
        if self.attacking("nan-position") {
            slots[1].x = f32::NAN;
        }
        if self.attacking("far-position") {
            slots[1].y = 1e9;
        }
        if self.attacking("infinite-board") {
            layout_width = f32::INFINITY;
        }
        if self.attacking("bad-card") {
            slots[2].face = Face::Up(Card { rank: 14, suit: Suit::Spades });
        }
        if self.attacking("control-label") {
            slots[1].label = Some("ring the \u{7} bell".into());
        }
        if self.attacking("long-label") {
            slots[1].label = Some(giant(201));
        }
        if self.attacking("invalid-utf8") {
            // SAFETY: none — the host must refuse the bytes, not trust them.
            slots[1].label = Some(unsafe { String::from_utf8_unchecked(vec![b'A', 0xff, 0xfe, b'Z']) });
        }
        if self.attacking("wild-pointer") {
            // A string "at" the far end of the address space.
            // SAFETY: none — the host must check the range, not read it.
            slots[1].label = Some(unsafe { String::from_raw_parts(0xffff_0000usize as *mut u8, 64, 64) });
        }
        if self.attacking("many-slots") {
            slots = (0..2_001).map(|id| Slot::new(id, SlotKind::Other, 0.0, 0.0, Face::Empty)).collect();
        }
        if self.attacking("giant-slots") {
            slots = (0..1_000_000).map(|id| Slot::new(id, SlotKind::Other, 0.0, 0.0, Face::Empty)).collect();
        }
        if self.attacking("giant-string") {
            slots[1].label = Some(giant(100 << 20));
        }
        if self.attacking("aliased-labels") {
            slots = aliases(2_000, 1 << 20)
                .into_iter()
                .zip(0..)
                .map(|(label, id)| Slot::new(id, SlotKind::Other, 0.0, 0.0, Face::Empty).label(label))
                .collect();
        }
        if self.attacking("log-flood") {
            let message = giant(4 << 20);
            loop {
                log::warn(black_box(&message));
            }
        }
        Layout { width: layout_width, height: 1.4, slots }
    }

    fn hud(&self) -> Vec<HudItem> {
        self.misbehave("hud");
        if self.attacking("bad-restore") {
            panic!("the hostile fixture panics in `hud` so that the host must restore it");
        }
        if self.attacking("many-hud") {
            return (0..33).map(|i| HudItem::new(&format!("k{i}"), "Item", i)).collect();
        }
        vec![HudItem::new("steps", "Steps", self.steps)]
    }

    fn actions(&self) -> Vec<()> {
        if self.steps >= 5 {
            return vec![];
        }
        if self.attacking("many-moves") {
            return vec![(); 5_001];
        }
        vec![()]
    }

    fn describe(&self, _action: &()) -> MoveInfo {
        self.misbehave("moves");
        let slot = if self.attacking("missing-slot") { 99 } else { 0 };
        let notation = if self.attacking("empty-notation") {
            " ".to_string()
        } else if self.attacking("giant-notation") {
            giant(100 << 20)
        } else {
            "step".to_string()
        };
        MoveInfo { notation, label: "Step".into(), slots: vec![slot] }
    }

    fn perform(&mut self, _action: &()) {
        self.misbehave("apply");
        self.steps += 1;
        JUST_PERFORMED.store(true, Ordering::Relaxed);
    }

    fn status(&self) -> Status {
        // `apply` answers with the status right after the move: the attack
        // on `status` spares that one, so that one step can be played.
        if !JUST_PERFORMED.swap(false, Ordering::Relaxed) {
            self.misbehave("status");
        }
        if self.attacking("long-status") {
            return Status { message: giant(3_000), ..Status::playing() };
        }
        if self.steps >= 5 { Status::won("five steps") } else { Status::playing() }
    }

    fn explain(&self, notation: &str) -> String {
        self.misbehave("explain");
        if self.attacking("long-explain") {
            return giant(3_000);
        }
        format!("`{notation}` is not a move here: the only move is `step`")
    }

    fn resample(&self, _rng: &mut patience_engine::deal::DealRng) -> Option<Self> {
        self.misbehave("resample");
        Some(self.clone())
    }
}

/// The solver's hooks: where `solve` misbehaves, and the lie of `false-win`.
impl Search for Hostile {
    fn is_won(&self) -> bool {
        if self.attack == "false-win" {
            return self.steps >= 1;
        }
        self.status().outcome == Outcome::Won
    }

    fn is_dead(&self) -> bool {
        self.misbehave("solve");
        false
    }
}

patience_engine::export_variant!(Hostile, search);
