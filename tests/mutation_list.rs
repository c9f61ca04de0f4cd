//! The mutation list (`tests/mutations.toml`) still fits the code: each
//! mutation's `find` text is in its file exactly once and its `replace`
//! changes it. The mutation runner (`examples/mutations.rs`) is too slow
//! for `cargo test`; this catches a mutation that a refactor left
//! pointing at code that moved, where the runner would only say so when
//! next run.

use patience_tests::mutations::{list, repository};

#[test]
fn every_mutation_applies_to_exactly_one_place() {
    let root = repository();
    let mutations = list(&root).unwrap();
    assert!(mutations.len() >= 40, "{} mutations", mutations.len());
    let mut names = std::collections::HashSet::new();
    for mutation in &mutations {
        let label = mutation.name.split(' ').next().unwrap();
        assert!(names.insert(label), "{label} is used twice");
        let text = std::fs::read_to_string(root.join(&mutation.file))
            .unwrap_or_else(|error| panic!("{}: {}: {error}", mutation.name, mutation.file));
        let places = text.matches(&mutation.find).count();
        assert_eq!(places, 1, "{}: its `find` is in {} {places} times", mutation.name, mutation.file);
        assert_ne!(mutation.find, mutation.replace, "{}: changes nothing", mutation.name);
    }
}
