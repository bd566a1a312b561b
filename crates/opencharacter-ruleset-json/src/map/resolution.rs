//! The ruleset's `resolution` (how a check is rolled and read) and difficulty ladders → the
//! sheet's `resolution`; apart so the dice model's mapping is found by its name.

use opencharacter_spec::diagnostic::{Phrase, reasons};
use serde_json::{Map, Value, json};

use super::{Ctx, items, slug, text};

pub(super) fn map_resolution(ctx: &mut Ctx<'_>) -> Option<Value> {
    let source = ctx.source;
    let r = source.get("resolution")?;
    let kind = text(r, "kind")?;
    ctx.tracker.map("/resolution/kind", "resolution.kind");
    let mut out = Map::new();
    out.insert("kind".into(), json!(kind));
    match kind {
        "dice-sum" => {
            let count = r
                .pointer("/dice/count")
                .and_then(Value::as_u64)
                .unwrap_or(1);
            let sides = r
                .pointer("/dice/sides")
                .and_then(Value::as_u64)
                .unwrap_or(20);
            out.insert("dice".into(), json!(format!("{count}d{sides}")));
            ctx.tracker.map("/resolution/dice", "resolution.dice");
            if let Some(naturals) = text(r, "naturals") {
                out.insert("naturals".into(), json!(naturals));
                ctx.tracker
                    .map("/resolution/naturals", "resolution.naturals");
            }
            match r.get("advantage").and_then(Value::as_bool) {
                Some(false) => ctx.tracker.map(
                    "/resolution/advantage",
                    "nothing: no advantage is the model's default",
                ),
                Some(true) => ctx
                    .tracker
                    .report("/resolution/advantage", &reasons::IMPORT_ADVANTAGE),
                None => {}
            }
        }
        _ => {
            if let Some(sides) = r.pointer("/die/sides") {
                out.insert("die".into(), sides.clone());
                ctx.tracker.map("/resolution/die", "resolution.die");
            }
            if let Some(pool) = r.get("pool") {
                let mut p = Map::new();
                for key in ["min", "max"] {
                    if let Some(v) = pool.get(key) {
                        p.insert(key.into(), v.clone());
                        ctx.tracker.map(
                            &format!("/resolution/pool/{key}"),
                            format!("resolution.pool.{key}"),
                        );
                    }
                }
                out.insert("pool".into(), Value::Object(p));
                ctx.tracker.report(
                    "/resolution/pool/abilityPlusAbility",
                    &reasons::IMPORT_ABILITY_PLUS_ABILITY,
                );
            }
            if let Some(target) = r.get("target") {
                out.insert("target".into(), target.clone());
                ctx.tracker.map("/resolution/target", "resolution.target");
            }
            for key in [
                "double",
                "explode",
                "cancel",
                "botch",
                "exceptional",
                "situationalDice",
                "reroll",
                "spend",
            ] {
                ctx.tracker.report(
                    &format!("/resolution/{key}"),
                    Phrase::new(&reasons::IMPORT_POOL_OPTION).with_arg("key", key),
                );
            }
        }
    }
    ctx.tracker
        .report("/resolution/adjust", &reasons::IMPORT_ADJUST);
    ctx.tracker
        .report("/resolution/penaltyFrom", &reasons::IMPORT_PENALTY_FROM);
    let ladder = ladder(ctx, "/resolution/difficultyLadder");
    if !ladder.is_empty() {
        out.insert("difficultyLadder".into(), Value::Array(ladder));
    }
    Some(Value::Object(out))
}

pub(super) fn ladder(ctx: &mut Ctx<'_>, pointer: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for (at, step) in items(ctx.source, pointer) {
        let Some(label) = text(step, "label") else {
            continue;
        };
        let key = slug(label);
        let mut s = Map::new();
        s.insert("label".into(), json!(key));
        for k in ["dc", "successes", "target"] {
            if let Some(v) = step.get(k) {
                s.insert(k.into(), v.clone());
            }
        }
        out.push(Value::Object(s));
        ctx.tracker.map(
            &at,
            format!("difficultyLadder (label `ladder.{key}.label`)"),
        );
        ctx.english
            .entry(format!("ladder.{key}.label"))
            .or_insert_with(|| label.to_owned());
    }
    out
}
