//! A plugin that misbehaves on request, for the sandbox tests.
//!
//! The game is trivial: `step` five times to win. Option `attack` picks a
//! misbehaviour, which starts once one step has been played (so there is a
//! good state to go back to).

use patience_engine::prelude::*;
use serde::{Deserialize, Serialize};
use std::hint::black_box;

const ATTACKS: &[&str] = &[
    "none",
    "loop-in-moves",
    "memory-in-layout",
    "panic-in-apply",
    "recursion-in-moves",
    "duplicate-slot",
    "card-twice",
    "nan-position",
    "missing-slot",
    "refuse-start",
];

#[derive(Clone, Serialize, Deserialize)]
pub struct Hostile {
    attack: String,
    steps: u32,
}

impl Hostile {
    fn attacking(&self, attack: &str) -> bool {
        self.attack == attack && self.steps >= 1
    }
}

fn recurse(depth: u64) -> u64 {
    black_box(recurse(black_box(depth + 1)) + 1)
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
            options: vec![OptionSpec::choice("attack", ATTACKS, "none", "what to do wrong")],
        }
    }

    fn start(_deal: &Deal, settings: &Settings) -> Result<Self, String> {
        let attack = settings.choice("attack").to_string();
        if attack == "refuse-start" {
            return Err("this fixture refuses to start".into());
        }
        Ok(Hostile { attack, steps: 0 })
    }

    fn layout(&self) -> Layout {
        if self.attacking("memory-in-layout") {
            let mut hoard: Vec<Vec<u8>> = Vec::new();
            loop {
                hoard.push(black_box(vec![7u8; 1 << 20]));
                black_box(&hoard);
            }
        }
        let ace = Card::new(ACE, Suit::Spades).unwrap();
        let king = Card::new(KING, Suit::Hearts).unwrap();
        let mut slots = vec![
            Slot::new(0, SlotKind::Stock, 0.0, 0.0, Face::Down).playable(true),
            Slot::new(1, SlotKind::Pyramid, 1.5, 0.0, Face::Up(ace)),
            Slot::new(2, SlotKind::Pyramid, 3.0, 0.0, Face::Up(king)),
        ];
        if self.attacking("duplicate-slot") {
            slots[2].id = 1;
        }
        if self.attacking("card-twice") {
            slots[2].face = Face::Up(ace);
        }
        if self.attacking("nan-position") {
            slots[1].x = f32::NAN;
        }
        Layout { width: 4.0, height: 1.4, slots }
    }

    fn actions(&self) -> Vec<()> {
        if self.attacking("loop-in-moves") {
            let mut counter = 0u64;
            loop {
                counter = black_box(counter.wrapping_add(1));
            }
        }
        if self.attacking("recursion-in-moves") {
            black_box(recurse(0));
        }
        if self.steps < 5 { vec![()] } else { vec![] }
    }

    fn describe(&self, _action: &()) -> MoveInfo {
        let slot = if self.attacking("missing-slot") { 99 } else { 0 };
        MoveInfo { notation: "step".into(), label: "Step".into(), slots: vec![slot] }
    }

    fn perform(&mut self, _action: &()) {
        if self.attacking("panic-in-apply") {
            panic!("the hostile fixture panics on purpose after {} steps", self.steps);
        }
        self.steps += 1;
    }

    fn status(&self) -> Status {
        if self.steps >= 5 { Status::won("five steps") } else { Status::playing() }
    }
}

patience_engine::export_variant!(Hostile);
