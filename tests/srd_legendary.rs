//! The SRD 5.1 monsters' legendary actions as rolls on their monster sheets
//! (`xtask/src/convert/srd/legendary.rs`): an action that takes another ("Tail Attack. The
//! dragon makes a tail attack.") rolls that action's numbers; one that prints its own (the
//! unicorn's Heal Self) rolls those; one without a number (Move, Detect) rolls nothing. The
//! expected numbers are the printed stat blocks' (SRD 5.1, "Monsters").

use std::sync::OnceLock;

use opencharacter::sheet::{RollKind, Sheet};
use opencharacter::spec::model::Ruleset;
use opencharacter::{EvaluateOptions, evaluate_stat_block};

use crate::common;

const P: &str = "5e-srd-5.1";

fn srd() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| common::ruleset(&common::validation("packs/5e/srd-5.1")))
}

fn monster(local: &str) -> Sheet {
    let id = format!("{P}:monsters.{local}").parse().unwrap();
    let sheet = evaluate_stat_block(srd(), &id, &[], &EvaluateOptions::default()).unwrap();
    assert!(sheet.issues.is_empty(), "{local}: {:#?}", sheet.issues);
    sheet
}

/// An action's roll as text (a check's modifier, a save's DC, dice), `None` when it has none.
fn roll(sheet: &Sheet, monster: &str, action: &str, roll: &str) -> Option<String> {
    let id = format!("item:{P}:monster-actions.{monster}.{action}:{roll}");
    Some(match &sheet.roll(&id)?.kind {
        RollKind::Dice(d) => d.formula.clone(),
        RollKind::Check(c) => c.formula.clone(),
        RollKind::Save(s) => format!("DC {}", s.dc.as_integer()?),
        other => format!("{other:?}"),
    })
}

#[test]
fn a_dragons_tail_attack_rolls_its_tail() {
    // Adult Red Dragon, Tail: "+14 to hit … 17 (2d8 + 8) bludgeoning damage" (STR 27, +8;
    // proficiency +6). The legendary Tail Attack makes that attack.
    let sheet = monster("adult-red-dragon");
    let m = "adult-red-dragon";
    assert_eq!(
        roll(&sheet, m, "tail", "attack").as_deref(),
        Some("d20 + 14")
    );
    assert_eq!(
        roll(&sheet, m, "tail-attack", "attack").as_deref(),
        Some("d20 + 14")
    );
    assert_eq!(
        roll(&sheet, m, "tail-attack", "damage").as_deref(),
        Some("2d8 + 8")
    );
    // Wing Attack (Costs 2 Actions): "DC 22 Dexterity saving throw or take 15 (2d6 + 8)
    // bludgeoning damage".
    let wing = "wing-attack-costs-2-actions";
    assert_eq!(roll(&sheet, m, wing, "save").as_deref(), Some("DC 22"));
    assert_eq!(roll(&sheet, m, wing, "damage").as_deref(), Some("2d6 + 8"));
    // Detect: a Wisdom (Perception) check, no roll of its own.
    assert_eq!(roll(&sheet, m, "detect", "attack"), None);
}

#[test]
fn the_unicorn_heals_itself_and_the_vampire_bites() {
    // Unicorn, Heal Self (Costs 3 Actions): "regains 11 (2d8 + 2) hit points".
    let unicorn = monster("unicorn");
    assert_eq!(
        roll(&unicorn, "unicorn", "heal-self-costs-3-actions", "healing").as_deref(),
        Some("2d8 + 2")
    );
    // Vampire, Bite: "+9 to hit … 7 (1d6 + 4) piercing damage plus 10 (3d6) necrotic"; the
    // legendary Bite (Costs 2 Actions) makes one; Move makes none (the data's attack bonus 0
    // is no attack).
    let vampire = monster("vampire-vampire");
    let v = "vampire-vampire";
    let bite = "bite-costs-2-actions";
    assert_eq!(
        roll(&vampire, v, bite, "attack").as_deref(),
        Some("d20 + 9")
    );
    assert_eq!(roll(&vampire, v, bite, "damage").as_deref(), Some("d6 + 4"));
    assert_eq!(
        roll(&vampire, v, bite, "extra_damage").as_deref(),
        Some("3d6")
    );
    assert_eq!(roll(&vampire, v, "move", "attack"), None);
}
