//! Fuzzing with proptest: everything the host reads from outside — what a
//! plugin returns (the layout and move validators), save files, move and
//! card notation, rule-set and host-config TOML, and plugin binaries
//! themselves (arbitrary bytes, and mutated real components) — never
//! panics, and is either accepted correctly or refused with a message.
//!
//! `cargo test --release` runs a short smoke run of each target (a few
//! hundred cases; the plugin loader, which compiles what survives, fewer).
//! For a long run set the case count, which applies to every target:
//!
//! ```sh
//! PROPTEST_CASES=100000 cargo test --release -p patience-tests --test fuzz
//! PROPTEST_CASES=5000 cargo test --release -p patience-tests --test fuzz -- loader
//! ```
//!
//! A failure is shrunk to a minimal case and saved in
//! `tests/fuzz.proptest-regressions`, which is replayed first on later runs.

use patience_engine::card::{parse_cards, Card, Suit};
use patience_engine::deal::Deal;
use patience_engine::layout::{Face, HudItem, Layout, Look, Slot, SlotKind, Status};
use patience_engine::options::{OptionKind, OptionSpec, OptionValue};
use patience_engine::Info;
use patience_runtime::notation::{canonical, find, split_moves};
use patience_runtime::plugin::Source;
use patience_runtime::validate::{self, Move};
use patience_runtime::{Game, HostConfig, Limits, RuleSet, Runtime, SavedGame};
use patience_tests::{catalog, fixture, test_limits};
use proptest::prelude::*;
use proptest::sample::{select, Index};
use std::collections::HashSet;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// `default` cases, or `PROPTEST_CASES` when set (for long runs).
fn cases(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|text| text.parse().ok()).unwrap_or(default);
    ProptestConfig { cases, max_shrink_iters: 2_000, ..ProptestConfig::default() }
}

// ----- Strategies shared by the targets -----

/// Floats a plugin might send: the awkward ones, the edges of the board, anything.
fn float() -> impl Strategy<Value = f32> {
    prop_oneof![
        select(vec![f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 0.0, -0.0, -1.0, -1.000_001, 500.0, 501.0, 501.000_06, f32::MIN_POSITIVE, f32::MAX, -f32::MAX]),
        -3.0f32..600.0,
        any::<f32>(),
    ]
}

/// Text a plugin might send: short, long around the limits, control
/// characters, anything printable.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 +]{0,12}",
        "\\PC{0,40}",
        "[a-z\\x00-\\x1f\\x7f\\u{80}-\\u{9f}\\n\\t]{0,6}",
        "x{195,205}",
        "x{1995,2005}",
    ]
}

fn card() -> impl Strategy<Value = Card> {
    // Mostly a few cards, so that duplicates happen.
    prop_oneof![0u8..3, 0u8..52].prop_map(|index| Card::from_deck_index(index).unwrap())
}

fn face() -> impl Strategy<Value = Face> {
    prop_oneof![Just(Face::Empty), Just(Face::Down), Just(Face::Joker), card().prop_map(Face::Up), card().prop_map(Face::Up)]
}

fn slot() -> impl Strategy<Value = Slot> {
    let kinds = vec![
        SlotKind::Pyramid,
        SlotKind::Stock,
        SlotKind::Waste,
        SlotKind::Foundation,
        SlotKind::Field,
        SlotKind::Discard,
        SlotKind::Reserve,
        SlotKind::Jokers,
        SlotKind::Bonus,
        SlotKind::Other,
    ];
    (
        prop_oneof![0u32..16, any::<u32>()],
        select(kinds),
        (float(), float()),
        any::<i32>(),
        face(),
        select(vec![Look::Card, Look::Tablet]),
        any::<bool>(),
        (prop::option::of(text()), prop_oneof![Just(0u8), 0u8..4]),
    )
        .prop_map(|(id, kind, (x, y), z, face, look, playable, (label, copy))| Slot { id, kind, x, y, z, face, look, playable, label, copy })
}

fn layout() -> impl Strategy<Value = Layout> {
    (float(), float(), prop::collection::vec(slot(), 0..24)).prop_map(|(width, height, slots)| Layout { width, height, slots })
}

/// What [`validate::text`] accepts, written out again.
fn text_ok(value: &str, max: usize) -> bool {
    value.len() <= max && !value.chars().any(|c| c.is_control() && c != '\n' && c != '\t')
}

/// The layout rules, written out again independently of `validate`.
fn layout_ok(layout: &Layout, max_slots: usize) -> bool {
    let size_ok = |v: f32| v.is_finite() && v > 0.0 && v <= 500.0;
    let inside = |v: f32, max: f32| v.is_finite() && v >= -1.0 && v <= max + 1.0;
    let ids: HashSet<u32> = layout.slots.iter().map(|slot| slot.id).collect();
    let up: Vec<Card> = layout.slots.iter().filter_map(|slot| if let Face::Up(card) = slot.face { Some(card) } else { None }).collect();
    let distinct_up: HashSet<&Card> = up.iter().collect();
    size_ok(layout.width)
        && size_ok(layout.height)
        && layout.slots.len() <= max_slots
        && ids.len() == layout.slots.len()
        && distinct_up.len() == up.len()
        && layout.slots.iter().all(|slot| {
            inside(slot.x, layout.width)
                && inside(slot.y, layout.height)
                && slot.label.as_deref().is_none_or(|label| text_ok(label, 200))
        })
}

fn a_move() -> impl Strategy<Value = Move> {
    (0u32..6, text(), text(), prop::collection::vec(0u32..20, 0..20))
        .prop_map(|(id, notation, label, slots)| Move { id, notation, label, slots })
}

fn moves_ok(moves: &[Move], slot_ids: &HashSet<u32>, max_moves: usize) -> bool {
    let ids: HashSet<u32> = moves.iter().map(|m| m.id).collect();
    moves.len() <= max_moves
        && ids.len() == moves.len()
        && moves.iter().all(|m| {
            !m.notation.trim().is_empty()
                && text_ok(&m.notation, 100)
                && text_ok(&m.label, 200)
                && m.slots.len() <= 16
                && m.slots.iter().all(|id| slot_ids.contains(id))
        })
}

fn option_value() -> impl Strategy<Value = OptionValue> {
    prop_oneof![any::<bool>().prop_map(OptionValue::Flag), any::<i64>().prop_map(OptionValue::Int), text().prop_map(OptionValue::Choice)]
}

fn option_spec() -> impl Strategy<Value = OptionSpec> {
    let kind = prop_oneof![
        Just(OptionKind::Flag),
        (any::<i64>(), any::<i64>()).prop_map(|(min, max)| OptionKind::Int { min, max }),
        prop::collection::vec(text(), 0..70).prop_map(OptionKind::Choice),
    ];
    (prop_oneof!["[a-z_0-9]{1,12}".boxed(), text().boxed()], text(), kind, option_value())
        .prop_map(|(name, help, kind, default)| OptionSpec { name, help, kind, default })
}

fn info() -> impl Strategy<Value = Info> {
    (
        prop_oneof!["[a-z0-9-]{1,12}".boxed(), text().boxed()],
        text(),
        text(),
        text(),
        text(),
        prop::collection::vec(option_spec(), 0..4),
    )
        .prop_map(|(id, name, version, summary, rules, options)| Info { id, name, version, summary, rules, options })
}

// ----- Target: the validators (what a plugin returns) -----

proptest! {
    #![proptest_config(cases(512))]

    #[test]
    fn fuzz_layout_validator(layout in layout(), max_slots in prop_oneof![Just(2_000usize), 0usize..30]) {
        let limits = Limits { max_slots, ..Limits::default() };
        let result = validate::layout_within(&layout, &limits);
        prop_assert_eq!(result.is_ok(), layout_ok(&layout, max_slots), "{:?}", result);
        if let Ok(ids) = result {
            prop_assert_eq!(ids, layout.slots.iter().map(|slot| slot.id).collect::<HashSet<u32>>());
        }
    }

    #[test]
    fn fuzz_move_validator(moves in prop::collection::vec(a_move(), 0..8), slot_ids in prop::collection::hash_set(0u32..20, 0..20), max_moves in prop_oneof![Just(5_000usize), 0usize..6]) {
        let limits = Limits { max_moves, ..Limits::default() };
        let result = validate::moves_within(&moves, &slot_ids, &limits);
        prop_assert_eq!(result.is_ok(), moves_ok(&moves, &slot_ids, max_moves), "{:?}", result);
    }

    #[test]
    fn fuzz_info_hud_and_status_validators(info in info(), hud in prop::collection::vec((text(), text(), text()), 0..40), message in text()) {
        let _ = validate::info(&info);
        let items: Vec<HudItem> = hud.into_iter().map(|(key, label, value)| HudItem { key, label, value }).collect();
        let hud_ok = items.len() <= 32 && items.iter().all(|i| text_ok(&i.key, 40) && text_ok(&i.label, 80) && text_ok(&i.value, 80));
        prop_assert_eq!(validate::hud(&items).is_ok(), hud_ok);
        let status = Status { message: message.clone(), ..Status::playing() };
        prop_assert_eq!(validate::status(&status).is_ok(), text_ok(&message, 2_000));
    }
}

// ----- Target: the save-file reader -----

/// A saved game with awkward but valid content.
fn saved_game() -> impl Strategy<Value = SavedGame> {
    let deal = prop_oneof![
        prop_oneof![any::<u64>(), Just(u64::MAX), Just(i64::MAX as u64 + 1)].prop_map(Deal::Seed),
        prop::collection::vec(card(), 0..60).prop_map(Deal::Cards),
    ];
    (
        ("\\PC{0,16}", "\\PC{0,10}", "[0-9a-f]{0,64}", "\\PC{0,30}"),
        prop::collection::btree_map("\\PC{0,10}", "\\PC{0,10}", 0..4),
        deal,
        prop::collection::vec("\\PC{0,12}", 0..12),
        prop::collection::vec(any::<u8>(), 0..64),
    )
        .prop_map(|((plugin, plugin_version, plugin_hash, rule_set_name), options, deal, moves, snapshot)| SavedGame {
            plugin,
            plugin_version,
            plugin_hash,
            rule_set_name,
            options: options.into_iter().collect(),
            deal,
            moves,
            snapshot,
        })
}

/// An edit to text: what damage, truncation or a careless hand does.
#[derive(Clone, Debug)]
enum Edit {
    Delete(Index, usize),
    Insert(Index, String),
    Replace(Index, char),
    Truncate(Index),
    DuplicateLine(Index),
}

fn edit() -> impl Strategy<Value = Edit> {
    let token = prop_oneof![
        select(vec!["\"", "'", "=", "[", "]", "[[", "\n", "#", "{", "}", ",", "\\", "\\u", "9999999999999999999999", "-1", "true", "format = 2", "seed = 1", "cards = \"Kh\"", "[options]", "inf", "nan"])
            .prop_map(str::to_string),
        "\\PC{0,6}",
    ];
    prop_oneof![
        (any::<Index>(), 1usize..40).prop_map(|(at, len)| Edit::Delete(at, len)),
        (any::<Index>(), token).prop_map(|(at, text)| Edit::Insert(at, text)),
        (any::<Index>(), any::<char>()).prop_map(|(at, c)| Edit::Replace(at, c)),
        any::<Index>().prop_map(Edit::Truncate),
        any::<Index>().prop_map(Edit::DuplicateLine),
    ]
}

fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let at = |index: &Index, len: usize| if len == 0 { 0 } else { index.index(len) };
        match edit {
            Edit::Delete(index, len) => {
                let start = at(index, chars.len());
                let end = (start + len).min(chars.len());
                chars.drain(start..end);
            }
            Edit::Insert(index, text) => {
                let start = at(index, chars.len() + 1);
                chars.splice(start..start, text.chars());
            }
            Edit::Replace(index, c) => {
                if !chars.is_empty() {
                    let i = at(index, chars.len());
                    chars[i] = *c;
                }
            }
            Edit::Truncate(index) => chars.truncate(at(index, chars.len() + 1)),
            Edit::DuplicateLine(index) => {
                let text: String = chars.iter().collect();
                let mut lines: Vec<&str> = text.lines().collect();
                if !lines.is_empty() {
                    let i = at(index, lines.len());
                    lines.insert(i, lines[i]);
                }
                chars = lines.join("\n").chars().collect();
            }
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(cases(384))]

    #[test]
    fn fuzz_save_file_round_trip(saved in saved_game()) {
        let text = saved.to_toml();
        let read = SavedGame::parse(&text);
        prop_assert!(read.is_ok(), "{:?}\n{}", read, text);
        prop_assert_eq!(read.unwrap(), saved);
    }

    #[test]
    fn fuzz_save_file_reader_damaged(saved in saved_game(), edits in prop::collection::vec(edit(), 1..6)) {
        let text = apply_edits(&saved.to_toml(), &edits);
        if let Err(error) = SavedGame::parse(&text) {
            let message = format!("{error:#}");
            prop_assert!(!message.is_empty());
        }
    }

    #[test]
    fn fuzz_save_file_reader_arbitrary(text in prop_oneof!["\\PC{0,300}".boxed(), "[a-z_ =\"\\[\\]\\n0-9#.{},]{0,300}".boxed()]) {
        let _ = SavedGame::parse(&text);
    }
}

// ----- Target: card and move notation -----

fn rank_spellings(rank: u8) -> Vec<String> {
    match rank {
        1 => vec!["A".into(), "a".into(), "1".into()],
        10 => vec!["T".into(), "t".into(), "10".into()],
        11 => vec!["J".into(), "j".into()],
        12 => vec!["Q".into(), "q".into()],
        13 => vec!["K".into(), "k".into()],
        digit => vec![digit.to_string()],
    }
}

fn suit_spellings(suit: Suit) -> Vec<&'static str> {
    match suit {
        Suit::Clubs => vec!["c", "C", "♣", "♧"],
        Suit::Diamonds => vec!["d", "D", "♦", "♢"],
        Suit::Hearts => vec!["h", "H", "♥", "♡"],
        Suit::Spades => vec!["s", "S", "♠", "♤"],
    }
}

/// A card and one of the ways to write it (with stray white space).
fn spelled_card() -> impl Strategy<Value = (Card, String)> {
    (0u8..52).prop_flat_map(|index| {
        let card = Card::from_deck_index(index).unwrap();
        (select(rank_spellings(card.rank)), select(suit_spellings(card.suit)), select(vec!["", " ", "\t", "  "]), select(vec!["", " ", "\n"]))
            .prop_map(move |(rank, suit, before, after)| (card, format!("{before}{rank}{suit}{after}")))
    })
}

/// A move's notation as a plugin lists it.
fn notation() -> impl Strategy<Value = String> {
    prop_oneof![
        select(vec!["draw", "recycle", "joker", "step"]).prop_map(str::to_string),
        card().prop_map(|c| c.to_string()),
        (card(), card()).prop_map(|(a, b)| format!("{a}+{b}")),
        "\\PC{0,10}",
    ]
}

proptest! {
    #![proptest_config(cases(512))]

    #[test]
    fn fuzz_card_notation_arbitrary(text in prop_oneof!["\\PC{0,6}".boxed(), "[ 0-9aAtTjJqQkKcdhsCDHSxX♣♦♥♠♧♢♡♤]{0,5}".boxed()]) {
        if let Ok(card) = text.parse::<Card>() {
            prop_assert!((1..=13).contains(&card.rank));
            prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            prop_assert_eq!(card.pretty().parse::<Card>(), Ok(card));
        }
        let _ = parse_cards(&text);
    }

    #[test]
    fn fuzz_card_notation_every_spelling((card, spelled) in spelled_card()) {
        prop_assert_eq!(spelled.parse::<Card>(), Ok(card));
    }

    #[test]
    fn fuzz_card_lists(cards in prop::collection::vec(spelled_card(), 0..20), separators in prop::collection::vec(select(vec![" ", ",", ", ", "\n", "\t", " ,  "]), 20)) {
        let text: String = cards.iter().zip(&separators).map(|((_, spelled), sep)| format!("{spelled}{sep}")).collect();
        let expected: Vec<Card> = cards.iter().map(|(card, _)| *card).collect();
        prop_assert_eq!(parse_cards(&text), Ok(expected));
    }

    #[test]
    fn fuzz_pairs_match_in_either_order_and_spelling((a, a_spelled) in spelled_card(), (b, b_spelled) in spelled_card(), pad in select(vec!["", " ", "  "])) {
        let standard = canonical(&format!("{a}+{b}"));
        prop_assert_eq!(canonical(&format!("{a_spelled}{pad}+{pad}{b_spelled}")), standard.clone());
        prop_assert_eq!(canonical(&format!("{b_spelled}+{a_spelled}")), standard);
    }

    #[test]
    fn fuzz_move_lookup(listed in prop::collection::vec(notation(), 0..10), typed in prop_oneof![notation().boxed(), "\\PC{0,20}".boxed()], pick in any::<Index>()) {
        let moves: Vec<Move> = listed.iter().enumerate().map(|(id, notation)| Move { id: id as u32, notation: notation.clone(), label: String::new(), slots: vec![] }).collect();
        // Whatever is typed: no panic, and a match really matches.
        if let Some(found) = find(&moves, &typed) {
            prop_assert_eq!(canonical(&found.notation), canonical(&typed));
        }
        // A listed move, typed back (pairs reversed), is found.
        if !moves.is_empty() {
            let wanted = &moves[pick.index(moves.len())];
            let reversed: Vec<&str> = wanted.notation.split('+').rev().collect();
            let found = find(&moves, &reversed.join("+"));
            prop_assert!(found.is_some(), "`{}` not found", wanted.notation);
            prop_assert_eq!(canonical(&found.unwrap().notation), canonical(&wanted.notation));
        }
    }

    #[test]
    fn fuzz_move_lists(text in prop_oneof!["\\PC{0,60}".boxed(), "[a-z0-9+ ,;\\n]{0,60}".boxed()]) {
        for part in split_moves(&text) {
            prop_assert!(!part.is_empty());
            prop_assert_eq!(part, part.trim());
            prop_assert!(!part.contains([',', ';', '\n']));
        }
    }
}

// ----- Target: the rule-set reader -----

/// TOML's basic string for `text`.
fn toml_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A value for `spec`, as TOML text, and as the reader should return it.
fn option_value_for(spec: &OptionSpec) -> BoxedStrategy<(String, OptionValue)> {
    match &spec.kind {
        OptionKind::Flag => any::<bool>().prop_map(|v| (v.to_string(), OptionValue::Flag(v))).boxed(),
        OptionKind::Int { min, max } => (*min..=*max).prop_map(|v| (v.to_string(), OptionValue::Int(v))).boxed(),
        OptionKind::Choice(_) => {
            let choices: Vec<String> = spec.choices().into_iter().map(str::to_string).collect();
            select(choices).prop_map(|c| (toml_string(&c), OptionValue::Choice(c))).boxed()
        }
    }
}

/// A valid rule set of one of the bundled plugins: its text and what the
/// reader should make of it.
fn valid_rule_set() -> impl Strategy<Value = (String, RuleSet)> {
    let plugins: Vec<_> = catalog().plugins().iter().map(|plugin| plugin.info.clone()).collect();
    select(plugins).prop_flat_map(|info| {
        let values: Vec<_> = info.options.iter().map(|spec| prop::option::of(option_value_for(spec))).collect();
        (Just(info), values, prop::option::of("\\PC{0,20}"), prop::option::of("\\PC{0,40}"), any::<bool>())
    })
    .prop_map(|(info, values, name, description, comments)| {
        let mut text = String::new();
        if comments {
            text.push_str("# a rule set\n\n");
        }
        if let Some(name) = &name {
            text.push_str(&format!("name = {}\n", toml_string(name)));
        }
        if let Some(description) = &description {
            text.push_str(&format!("description = {}\n", toml_string(description)));
        }
        text.push_str(&format!("plugin = {}\n\n[options]\n", toml_string(&info.id)));
        let mut options = Vec::new();
        for (spec, value) in info.options.iter().zip(values) {
            if let Some((written, value)) = value {
                text.push_str(&format!("{} = {written}\n", spec.name));
                options.push((spec.name.clone(), value));
            }
        }
        options.sort();
        let expected = RuleSet {
            name: name.unwrap_or_else(|| "rules".to_string()),
            description,
            plugin: info.id.clone(),
            options,
            path: Some("rules.toml".into()),
            id: None,
            group: None,
        };
        (text, expected)
    })
}

/// Every refusal starts with `rules.toml:LINE: `, LINE within the text.
fn assert_located(error: &anyhow::Error, text: &str, file: &str) -> Result<(), TestCaseError> {
    let message = error.to_string();
    let rest = message.strip_prefix(&format!("{file}:"));
    prop_assert!(rest.is_some(), "no file in {message:?}");
    let (line, tail) = rest.unwrap().split_once(": ").unwrap_or(("", ""));
    let line: usize = line.parse().map_err(|_| TestCaseError::fail(format!("no line in {message:?}")))?;
    prop_assert!(line >= 1 && line <= text.lines().count() + 1, "line {line} of {message:?}");
    prop_assert!(!tail.is_empty());
    Ok(())
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn fuzz_rule_set_reader_valid((text, expected) in valid_rule_set()) {
        let read = RuleSet::parse(&text, Path::new("rules.toml"), catalog());
        prop_assert!(read.is_ok(), "{:?}\n{}", read, text);
        prop_assert_eq!(read.unwrap(), expected);
    }

    #[test]
    fn fuzz_rule_set_reader_damaged((text, _) in valid_rule_set(), edits in prop::collection::vec(edit(), 1..5)) {
        let text = apply_edits(&text, &edits);
        if let Err(error) = RuleSet::parse(&text, Path::new("rules.toml"), catalog()) {
            assert_located(&error, &text, "rules.toml")?;
        }
    }

    #[test]
    fn fuzz_rule_set_reader_arbitrary(text in prop_oneof!["\\PC{0,200}".boxed(), "(plugin|name|passes|goal|\\[options\\]|=|\"|relaxed|classic|3|true|\n| ){0,30}".boxed()]) {
        if let Err(error) = RuleSet::parse(&text, Path::new("rules.toml"), catalog()) {
            assert_located(&error, &text, "rules.toml")?;
        }
    }
}

// ----- Target: the host config reader -----

const CONFIG_KEYS: [(&str, i64, i64); 7] = [
    ("memory_mib", 1, 4096),
    ("call_fuel", 1, i64::MAX),
    ("solve_fuel", 1, i64::MAX),
    ("log_lines", 1, 100_000),
    ("output_mib", 1, 4096),
    ("max_slots", 1, 1_000_000),
    ("max_moves", 1, 1_000_000),
];

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn fuzz_host_config_values(values in prop::collection::vec(prop::option::of(prop_oneof![any::<i64>(), -2i64..5000]), 7)) {
        let mut text = String::from("[limits]\n");
        let mut in_range = true;
        for ((key, min, max), value) in CONFIG_KEYS.iter().zip(&values) {
            if let Some(value) = value {
                text.push_str(&format!("{key} = {value}\n"));
                in_range &= (min..=max).contains(&value);
            }
        }
        match HostConfig::parse(&text, Path::new("config.toml")) {
            Ok(config) => {
                prop_assert!(in_range, "{text}");
                if let Some(mib) = values[0] {
                    prop_assert_eq!(config.limits.memory_bytes, (mib as usize) << 20);
                }
                if let Some(fuel) = values[1] {
                    prop_assert_eq!(config.limits.call_fuel, fuel as u64);
                }
            }
            Err(error) => {
                prop_assert!(!in_range, "{error}\n{text}");
                assert_located(&error, &text, "config.toml")?;
            }
        }
    }

    #[test]
    fn fuzz_host_config_arbitrary(text in prop_oneof!["\\PC{0,200}".boxed(), "(\\[limits\\]|memory_mib|call_fuel|log_lines|=|\"|1|-1|2_000|1e3|\n| ){0,30}".boxed()]) {
        if let Err(error) = HostConfig::parse(&text, Path::new("config.toml")) {
            assert_located(&error, &text, "config.toml")?;
        }
    }
}

// ----- Target: the plugin loader -----

/// A runtime of its own for the loader targets (no compile cache), with
/// little fuel: a mutation can turn any loop into an endless one.
fn loader() -> &'static Arc<Runtime> {
    static RUNTIME: OnceLock<Arc<Runtime>> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        let limits = Limits { call_fuel: 20_000_000, solve_fuel: 20_000_000, ..test_limits() };
        Arc::new(Runtime::new(limits, None).expect("a runtime"))
    })
}

/// A component that loaded: it may still misbehave, but never crash the host.
fn exercise(plugin: &Arc<patience_runtime::LoadedPlugin>) {
    let Ok(mut game) = Game::start(plugin, &Deal::Seed(1), &[]) else { return };
    let _ = game.layout();
    let _ = game.hud();
    let _ = game.status();
    if let Ok(moves) = game.moves()
        && let Some(first) = moves.first()
    {
        let _ = game.apply(first.id);
    }
    let _ = game.explain("nonsense");
    let _ = game.solve(100, false);
}

/// Damage a binary takes: bits flipped, bytes set (often to LEB128 edge
/// values, which hit section and vector sizes), cut, inserted, duplicated.
#[derive(Clone, Debug)]
enum Mutation {
    FlipBit(Index, u8),
    SetByte(Index, u8),
    Delete(Index, usize),
    Insert(Index, Vec<u8>),
    Duplicate(Index, usize),
    Truncate(Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let byte = prop_oneof![select(vec![0x00u8, 0x01, 0x7f, 0x80, 0xff, 0x40, 0x41, 0x0b, 0x60]), any::<u8>()];
    prop_oneof![
        4 => (any::<Index>(), 0u8..8).prop_map(|(at, bit)| Mutation::FlipBit(at, bit)),
        4 => (any::<Index>(), byte).prop_map(|(at, value)| Mutation::SetByte(at, value)),
        1 => (any::<Index>(), 1usize..64).prop_map(|(at, len)| Mutation::Delete(at, len)),
        1 => (any::<Index>(), prop::collection::vec(any::<u8>(), 1..16)).prop_map(|(at, bytes)| Mutation::Insert(at, bytes)),
        1 => (any::<Index>(), 1usize..64).prop_map(|(at, len)| Mutation::Duplicate(at, len)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
    ]
}

fn mutate(original: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = original.to_vec();
    for mutation in mutations {
        let len = bytes.len();
        // Keep the 8-byte header most of the time: past it is where a
        // component can be subtly wrong.
        let at = |index: &Index| if len <= 8 { 0 } else { 8 + index.index(len - 8) };
        match mutation {
            Mutation::FlipBit(index, bit) if len > 0 => bytes[at(index).min(len - 1)] ^= 1 << bit,
            Mutation::SetByte(index, value) if len > 0 => bytes[at(index).min(len - 1)] = *value,
            Mutation::Delete(index, count) => {
                let start = at(index).min(len);
                bytes.drain(start..(start + count).min(len));
            }
            Mutation::Insert(index, inserted) => {
                let start = at(index).min(len);
                bytes.splice(start..start, inserted.iter().copied());
            }
            Mutation::Duplicate(index, count) => {
                let start = at(index).min(len);
                let copy: Vec<u8> = bytes[start..(start + count).min(len)].to_vec();
                bytes.splice(start..start, copy);
            }
            Mutation::Truncate(index) => bytes.truncate(at(index).min(len)),
            _ => {}
        }
    }
    bytes
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn fuzz_loader_arbitrary_bytes(
        header in select(vec![&b""[..], &b"\0asm"[..], &b"\0asm\x0d\x00\x01\x00"[..], &b"\0asm\x01\x00\x00\x00"[..]]),
        body in prop::collection::vec(any::<u8>(), 0..512),
    ) {
        let mut bytes = header.to_vec();
        bytes.extend(body);
        if let Ok(plugin) = loader().load(&bytes, Source::Bundled("fuzz.wasm".into())) {
            exercise(&plugin);
        }
    }
}

proptest! {
    #![proptest_config(cases(48))]

    #[test]
    fn fuzz_loader_mutated_components(
        original in select(vec!["snapshot-trap.wasm", "snapshot-trap.wasm", "hostile.wasm"]),
        mutations in prop::collection::vec(mutation(), 1..5),
    ) {
        let bytes = mutate(fixture(original), &mutations);
        match loader().load(&bytes, Source::Bundled(original.into())) {
            Ok(plugin) => exercise(&plugin),
            Err(error) => {
                let message = format!("{error:#}");
                prop_assert!(!message.is_empty());
            }
        }
    }
}

#[test]
fn the_loader_targets_start_from_loadable_components() {
    for name in ["snapshot-trap.wasm", "hostile.wasm"] {
        loader().load(fixture(name), Source::Bundled(name.into())).unwrap_or_else(|error| panic!("{name}: {error:#}"));
    }
}
