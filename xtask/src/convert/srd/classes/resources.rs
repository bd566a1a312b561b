//! Uses and pools class features give (SRD 5.1, "Classes"), as resources on the feature
//! (docs/spec/content.md, "Resources"): the maximum is a formula over the class's own level
//! (`levels("classes.monk")`), so a multiclassed character counts the right class; the
//! recovery is the rest that brings it back. Where a later feature only raises a count (Action
//! Surge's second use, Channel Divinity's second and third), the resource stays on the first
//! feature and its maximum follows the class table.

/// `(feature, rule, resource, max, recovery, amount)`; `recovery` is `shortRest` or `longRest`
/// (what a short rest brings back, a long rest brings back too); `amount` is how much comes
/// back when it is not all of it.
pub type Resource = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

pub const RESOURCES: &[Resource] = &[
    (
        "rage",
        "Rage (barbarian table): 2 rages at 1st level, 3 at 3rd, 4 at 6th, 5 at 12th, 6 at 17th (unlimited at 20th: `resource_play`); back on a long rest",
        "uses",
        "lookup(levels(\"classes.barbarian\"), 1, 2, 3, 3, 6, 4, 12, 5, 17, 6)",
        "longRest",
        "",
    ),
    (
        "second-wind",
        "Second Wind (fighter 1): once, back on a short or long rest",
        "uses",
        "1",
        "shortRest",
        "",
    ),
    (
        "action-surge-1-use",
        "Action Surge (fighter 2): once, twice from 17th level; back on a short or long rest",
        "uses",
        "lookup(levels(\"classes.fighter\"), 2, 1, 17, 2)",
        "shortRest",
        "",
    ),
    (
        "indomitable-1-use",
        "Indomitable (fighter 9): once, twice from 13th level, three times from 17th; back on a long rest",
        "uses",
        "lookup(levels(\"classes.fighter\"), 9, 1, 13, 2, 17, 3)",
        "longRest",
        "",
    ),
    (
        "arcane-recovery",
        "Arcane Recovery (wizard 1): once a day, on a short rest; back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "lay-on-hands",
        "Lay on Hands (paladin 1): a pool of 5 × paladin level hit points; back on a long rest",
        "pool",
        "5 * levels(\"classes.paladin\")",
        "longRest",
        "",
    ),
    (
        "divine-sense",
        "Divine Sense (paladin 1): 1 + Charisma modifier uses; back on a long rest",
        "uses",
        "max(1, 1 + abilities.cha.mod)",
        "longRest",
        "",
    ),
    (
        "channel-divinity-1-rest",
        "Channel Divinity (cleric 2): once per rest, twice from 6th level, three times from 18th; back on a short or long rest",
        "uses",
        "lookup(levels(\"classes.cleric\"), 2, 1, 6, 2, 18, 3)",
        "shortRest",
        "",
    ),
    (
        "channel-divinity",
        "Channel Divinity (paladin 3): once, back on a short or long rest",
        "uses",
        "1",
        "shortRest",
        "",
    ),
    (
        "bardic-inspiration-d6",
        "Bardic Inspiration (bard 1): Charisma modifier uses (minimum 1), back on a long rest — below bard 5 (RESOURCE_CONDITIONS)",
        "uses",
        "max(1, abilities.cha.mod)",
        "longRest",
        "",
    ),
    (
        "font-of-inspiration",
        "Font of Inspiration (bard 5): Bardic Inspiration's uses come back on a short or long rest",
        "uses",
        "max(1, abilities.cha.mod)",
        "shortRest",
        "",
    ),
    (
        "font-of-magic",
        "Font of Magic (sorcerer 2): sorcery points equal to the sorcerer level; back on a long rest",
        "points",
        "levels(\"classes.sorcerer\")",
        "longRest",
        "",
    ),
    (
        "ki",
        "Ki (monk 2): ki points equal to the monk level; back on a short or long rest",
        "points",
        "levels(\"classes.monk\")",
        "shortRest",
        "",
    ),
    (
        "wild-shape-cr-1-4-or-below-no-flying-or-swim-speed",
        "Wild Shape (druid 2): twice, back on a short or long rest (unlimited at 20th, Archdruid: `resource_play`)",
        "uses",
        "2",
        "shortRest",
        "",
    ),
    (
        "natural-recovery",
        "Natural Recovery (Circle of the Land, druid 2): once, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "wholeness-of-body",
        "Wholeness of Body (Way of the Open Hand, monk 6): once, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "dark-ones-own-luck",
        "Dark One's Own Luck (the Fiend, warlock 6): once, back on a short or long rest",
        "uses",
        "1",
        "shortRest",
        "",
    ),
    (
        "hurl-through-hell",
        "Hurl Through Hell (the Fiend, warlock 14): once, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "mystic-arcanum-6th-level",
        "Mystic Arcanum (warlock 11, 13, 15, 17): one spell of each of 6th, 7th, 8th and 9th level, each once, back on a long rest — counted together on the 6th-level arcanum",
        "uses",
        "lookup(levels(\"classes.warlock\"), 11, 1, 13, 2, 15, 3, 17, 4)",
        "longRest",
        "",
    ),
    (
        "holy-nimbus",
        "Holy Nimbus (Oath of Devotion, paladin 20): once, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "stroke-of-luck",
        "Stroke of Luck (rogue 20): once, back on a short or long rest",
        "uses",
        "1",
        "shortRest",
        "",
    ),
    (
        "eldritch-master",
        "Eldritch Master (warlock 20): regain all Pact Magic slots once, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "signature-spell",
        "Signature Spells (wizard 20): each of two 3rd-level spells once without a slot, back on a short or long rest",
        "uses",
        "2",
        "shortRest",
        "",
    ),
    (
        "cleansing-touch",
        "Cleansing Touch (paladin 14): Charisma modifier uses (minimum once), back on a long rest",
        "uses",
        "max(1, abilities.cha.mod)",
        "longRest",
        "",
    ),
    (
        "eldritch-invocation-bewitching-whispers",
        "Bewitching Whispers: compulsion once with a warlock slot, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "eldritch-invocation-dreadful-word",
        "Dreadful Word: confusion once with a warlock slot, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "eldritch-invocation-minions-of-chaos",
        "Minions of Chaos: conjure elemental once with a warlock slot, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "eldritch-invocation-mire-the-mind",
        "Mire the Mind: slow once with a warlock slot, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "eldritch-invocation-sculptor-of-flesh",
        "Sculptor of Flesh: polymorph once with a warlock slot, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "eldritch-invocation-sign-of-ill-omen",
        "Sign of Ill Omen: bestow curse once with a warlock slot, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
    (
        "eldritch-invocation-thief-of-five-fates",
        "Thief of Five Fates: bane once with a warlock slot, back on a long rest",
        "uses",
        "1",
        "longRest",
        "",
    ),
];

/// Resources that exist only while a condition holds: `(feature, resource, when)`.
pub const RESOURCE_CONDITIONS: &[(&str, &str, &str)] = &[(
    "bardic-inspiration-d6",
    "uses",
    "levels(\"classes.bard\") < 5",
)];

/// The `resources:` of a feature: its entries of [`RESOURCES`], or nothing.
pub fn feature_resources(local: &str) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    for (feature, _, id, max, on, amount) in RESOURCES {
        if *feature != local {
            continue;
        }
        let mut recovery = serde_json::Map::new();
        recovery.insert("on".into(), serde_json::json!(on));
        if !amount.is_empty() {
            recovery.insert("amount".into(), serde_json::json!(amount));
        }
        let mut resource = serde_json::json!({ "max": max, "recovery": recovery });
        if let Some((_, _, when)) = RESOURCE_CONDITIONS
            .iter()
            .find(|(f, r, _)| *f == local && r == id)
        {
            resource["when"] = serde_json::json!(when);
        }
        super::resource_play::extend(local, id, &mut resource);
        out.insert((*id).to_owned(), resource);
    }
    if out.is_empty() {
        serde_json::Value::Null
    } else {
        serde_json::Value::Object(out)
    }
}
