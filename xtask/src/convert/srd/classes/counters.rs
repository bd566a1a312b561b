//! The class tables' own columns (SRD 5.1, each class's table: Rages and Rage Damage, Martial
//! Arts, Ki Points, Sneak Attack, Sorcery Points, Invocations Known, Favored Enemies …), from
//! `5e-SRD-Levels.json` `class_specific`: each becomes a field of its class
//! (`barbarian.rage_damage_bonus`, `monk.martial_arts`) that the class sets from its own level
//! with a `lookup`, so the sheet shows the column's value at the level the character holds.

use serde_json::Value;

use super::super::{Corpus, index, word};
use super::tables::breakpoints;

/// One column: its field word, whether its values are dice, and `(class level, value text)`
/// where the value changes.
pub struct Counter {
    pub word: String,
    pub dice: bool,
    pub steps: Vec<(i64, String)>,
}

/// The columns of `class`'s table with numbers or dice (a boolean or a table is left out). A
/// fraction, Destroy Undead's CR 1/2 at cleric 5, is written as its exact decimal (`0.5`):
/// the formula language's numbers are exact rationals, so the field shows `1/2`.
pub fn counters(corpus: &Corpus, class: &str) -> Vec<Counter> {
    let mut levels: Vec<&Value> = corpus
        .get("Levels")
        .iter()
        .filter(|l| index(&l["class"]) == class && l.get("subclass").is_none())
        .collect();
    levels.sort_by_key(|l| l["level"].as_i64().unwrap_or(0));
    let mut out: Vec<Counter> = Vec::new();
    for level in &levels {
        let n = level["level"].as_i64().unwrap_or(0);
        for (key, value) in level["class_specific"].as_object().into_iter().flatten() {
            let (text, dice) = match value {
                Value::Number(v) if v.is_i64() => (v.to_string(), false),
                // Only halves, quarters and eighths occur (challenge ratings); each is exact.
                Value::Number(v) if v.as_f64().is_some_and(|f| (f * 8.0).fract() == 0.0) => {
                    (v.to_string(), false)
                }
                Value::Object(d) if d.contains_key("dice_count") => {
                    (format!("{}d{}", d["dice_count"], d["dice_value"]), true)
                }
                _ => continue,
            };
            let word = word(key);
            let counter = match out.iter_mut().position(|c| c.word == word) {
                Some(i) => &mut out[i],
                None => {
                    out.push(Counter {
                        word,
                        dice,
                        steps: Vec::new(),
                    });
                    let last = out.len() - 1;
                    &mut out[last]
                }
            };
            if counter.steps.last().is_none_or(|(_, v)| *v != text) {
                counter.steps.push((n, text));
            }
        }
    }
    out
}

/// The `lookup` of a column over `over` (0 below its first level).
pub fn lookup(counter: &Counter, over: &str) -> String {
    if counter.dice {
        let mut out = format!("lookup({over}");
        for (level, value) in &counter.steps {
            out.push_str(&format!(", {level}, {value}"));
        }
        out.push(')');
        out
    } else if counter.steps.iter().all(|(_, v)| v.parse::<i64>().is_ok()) {
        breakpoints(
            over,
            counter
                .steps
                .iter()
                .filter_map(|(l, v)| Some((*l, v.parse::<i64>().ok()?))),
        )
    } else {
        // A column with a fraction: the same `lookup`, its values as the data writes them.
        let mut out = format!("lookup({over}, 0, 0");
        let mut last = "0";
        for (level, value) in &counter.steps {
            if value != last {
                out.push_str(&format!(", {level}, {value}"));
                last = value;
            }
        }
        out.push(')');
        out
    }
}
