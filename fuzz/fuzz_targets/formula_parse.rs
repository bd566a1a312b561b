//! Any text: the parser never panics; whatever parses prints canonically, re-parses to the same
//! tree, survives JSON, and evaluates and analyzes to a value or a typed error; its kinds never
//! panic, and its folded dice read back as themselves.

#![no_main]

use libfuzzer_sys::fuzz_target;
use opencharacter_formula::{Expr, MapEnv, SplitMix64, parse};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tree) = parse(text) else {
        return;
    };
    let printed = tree.to_string();
    let again = parse(&printed).expect("canonical text parses");
    assert_eq!(again, tree, "print then parse changed the tree of {text:?}");
    assert_eq!(again.to_string(), printed, "printing is not idempotent");
    let json = serde_json::to_string(&tree).expect("a tree serializes");
    assert_eq!(Expr::from_json(&json).expect("its JSON reads back"), tree);
    let env = MapEnv::default();
    let _ = tree.eval(&env, &mut SplitMix64::new(7));
    let _ = tree.kinds();
    if text.len() < 48 {
        if let Ok(folded) = tree.fold_dice(&env) {
            let text = folded.to_string();
            assert_eq!(
                parse(&text).ok(),
                Some(folded),
                "folded dice `{text}` do not read back"
            );
        }
        let _ = tree.analyze(&env);
        let _ = tree.bounds(&env);
    }
});
