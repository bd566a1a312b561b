//! The numbers a monster action's description prints and its structured fields may lack:
//! attack rolls (`+4 to hit`), the kind of attack (`Melee Weapon Attack`), damage and other dice
//! with their printed average (`5 (1d6 + 2) slashing damage`), flat damage (`Hit: 1 piercing
//! damage`) and difficulty classes (`DC 13 Constitution saving throw`, `escape DC 14`).
//!
//! Only numbers (and the words that say what a number is: an ability, a damage type) are read;
//! no prose is kept.

/// One `N (XdY + Z)` (or flat `Hit: N`) in the text: the printed average and the dice it
/// averages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextDice {
    /// Where it starts in the text (to keep parts in printed order).
    pub at: usize,
    /// The printed average (the number before the parenthesis; the number itself for flat
    /// damage).
    pub average: i64,
    /// How many dice and their sides; none for flat damage.
    pub dice: Option<(i64, i64)>,
    /// The signed bonus after the dice (0 when none is printed; the number for flat damage).
    pub bonus: i64,
    /// What the number counts: `damage`, `hit points` (regained or lost), or the word that
    /// follows it (`minutes`, …).
    pub counts: String,
    /// For damage, its type as printed (`slashing`, `lightning or thunder`; empty for untyped
    /// extra damage).
    pub damage_type: String,
}

/// One `DC N` in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextDc {
    /// The number.
    pub value: i64,
    /// `save`, `check`, `escape`, `spell` (a spellcasting trait's spell save DC) or `other`.
    pub kind: &'static str,
    /// The abilities named right after the number (`str`; `str`, `dex` for "Strength or
    /// Dexterity"); empty for an escape DC.
    pub abilities: Vec<&'static str>,
}

/// The six abilities as the text names them, with their index.
const ABILITIES: [(&str, &str); 6] = [
    ("Strength", "str"),
    ("Dexterity", "dex"),
    ("Constitution", "con"),
    ("Intelligence", "int"),
    ("Wisdom", "wis"),
    ("Charisma", "cha"),
];

/// The unsigned whole number at the start of `text` and its length in bytes.
fn number_at(text: &str) -> Option<(i64, usize)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let value = text.get(..digits)?.parse().ok()?;
    Some((value, digits))
}

/// The whole number that ends `text` (digits just before the end), if any.
fn number_before(text: &str) -> Option<i64> {
    let digits = text.bytes().rev().take_while(u8::is_ascii_digit).count();
    text.get(text.len() - digits..)?.parse().ok()
}

/// Every attack roll bonus printed as `+N to hit` / `-N to hit` / `−N to hit`, in order,
/// except the spell attack bonus of a spellcasting trait (`+N to hit with spell attacks`).
pub fn to_hit(desc: &str) -> Vec<i64> {
    to_hit_with(desc)
        .into_iter()
        .map(|(value, _)| value)
        .collect()
}

/// [`to_hit`] with the condition each roll is printed with, if any: `+4 to hit with
/// shillelagh` → `shillelagh`.
pub fn to_hit_with(desc: &str) -> Vec<(i64, Option<String>)> {
    let mut out = Vec::new();
    for (at, _) in desc.match_indices(" to hit") {
        if desc[at..].starts_with(" to hit with spell attacks") {
            continue;
        }
        let Some(value) = signed_before(&desc[..at]) else {
            continue;
        };
        let condition = desc[at..].strip_prefix(" to hit with ").and_then(|rest| {
            let end = rest.find([')', ',', '.'])?;
            Some(rest[..end].trim().to_owned())
        });
        out.push((value, condition));
    }
    out
}

/// The spell attack bonus of a spellcasting trait (`+N to hit with spell attacks`).
pub fn spell_attack(desc: &str) -> Option<i64> {
    let at = desc.find(" to hit with spell attacks")?;
    signed_before(&desc[..at])
}

/// The signed number that ends `text` (`… +4`, `… -1`, `… −1`).
fn signed_before(text: &str) -> Option<i64> {
    let value = number_before(text)?;
    let digits = value.to_string().len();
    let before = &text[..text.len() - digits];
    if before.ends_with('+') {
        Some(value)
    } else if before.ends_with('-') || before.ends_with('\u{2212}') {
        Some(-value)
    } else {
        None
    }
}

/// The kind of the first attack the text prints (`melee weapon`, `ranged weapon`,
/// `melee or ranged weapon`, `melee spell`, `ranged spell`).
pub fn attack_kind(desc: &str) -> Option<&'static str> {
    const KINDS: [(&str, &str); 6] = [
        ("Melee or Ranged Weapon Attack", "melee or ranged weapon"),
        ("Melee or Ranged Spell Attack", "melee or ranged spell"),
        ("Melee Weapon Attack", "melee weapon"),
        ("Ranged Weapon Attack", "ranged weapon"),
        ("Melee Spell Attack", "melee spell"),
        ("Ranged Spell Attack", "ranged spell"),
    ];
    KINDS
        .iter()
        .filter_map(|(label, kind)| desc.find(label).map(|at| (at, *kind)))
        .min_by_key(|(at, _)| *at)
        .map(|(_, kind)| kind)
}

/// Every `N (XdY)` / `N (XdY + Z)` / `N (XdY - Z)` and every flat `Hit: N … damage`, in
/// printed order, with what each counts.
pub fn dice(desc: &str) -> Vec<TextDice> {
    let mut out = Vec::new();
    for (open, _) in desc.match_indices(" (") {
        let Some(average) = number_before(&desc[..open]) else {
            continue;
        };
        let inside_start = open + 2;
        let Some(close) = desc[inside_start..].find(')').map(|i| inside_start + i) else {
            continue;
        };
        let Some((count, sides, bonus)) = parse_dice(&desc[inside_start..close]) else {
            continue;
        };
        let (counts, damage_type) = what_follows(&desc[close + 1..]);
        let at = open - average.to_string().len();
        out.push(TextDice {
            at,
            average,
            dice: Some((count, sides)),
            bonus,
            counts,
            damage_type,
        });
    }
    out.extend(flat_hits(desc));
    out.sort_by_key(|part| part.at);
    out
}

/// `XdY`, `XdY + Z`, `XdY - Z`, `XdY − Z` (spaces optional) → (X, Y, ±Z).
pub fn parse_dice(text: &str) -> Option<(i64, i64, i64)> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let compact = compact.replace('\u{2212}', "-");
    let (count, rest) = compact.split_once('d')?;
    let count: i64 = count.parse().ok()?;
    let sign_at = rest.find(['+', '-']);
    let (sides, bonus) = match sign_at {
        Some(at) => {
            let magnitude: i64 = rest[at + 1..].parse().ok()?;
            let bonus = if rest[at..].starts_with('-') {
                -magnitude
            } else {
                magnitude
            };
            (rest[..at].parse().ok()?, bonus)
        }
        None => (rest.parse().ok()?, 0),
    };
    Some((count, sides, bonus))
}

/// What a printed number counts, from the words after it: `damage` with its type (the words
/// before `damage`, at most three: `lightning or thunder`), `hit points`, or the next word.
fn what_follows(after: &str) -> (String, String) {
    let words: Vec<&str> = after
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.' || c == ';')
        .filter(|w| !w.is_empty())
        .take(4)
        .collect();
    if let Some(at) = words.iter().position(|w| *w == "damage") {
        return ("damage".to_owned(), words[..at].join(" "));
    }
    if words.len() >= 2 && words[0] == "hit" && words[1] == "points" {
        return ("hit points".to_owned(), String::new());
    }
    (
        words.first().copied().unwrap_or_default().to_owned(),
        String::new(),
    )
}

/// Every flat damage `Hit: N <type> damage` (no dice), in order.
fn flat_hits(desc: &str) -> Vec<TextDice> {
    let mut out = Vec::new();
    for (at, _) in desc.match_indices("Hit: ") {
        let rest = &desc[at + 5..];
        let Some((value, digits)) = number_at(rest) else {
            continue;
        };
        let after = &rest[digits..];
        if after.starts_with(" (") {
            continue;
        }
        let (counts, damage_type) = what_follows(after);
        if counts == "damage" {
            out.push(TextDice {
                at: at + 5,
                average: value,
                dice: None,
                bonus: value,
                counts,
                damage_type,
            });
        }
    }
    out
}

/// Every `DC N` in order, with its kind and the abilities it names.
pub fn dcs(desc: &str) -> Vec<TextDc> {
    let mut out = Vec::new();
    for (at, _) in desc.match_indices("DC ") {
        let Some((value, digits)) = number_at(&desc[at + 3..]) else {
            continue;
        };
        let before = &desc[..at];
        let after = desc[at + 3 + digits..].trim_start();
        let (abilities, rest) = abilities_at(after);
        let kind = if before.ends_with("escape ") {
            "escape"
        } else if before.ends_with("spell save ") {
            "spell"
        } else if abilities.is_empty() {
            "other"
        } else if rest.starts_with("saving throw") {
            "save"
        } else if rest.starts_with("check") || rest.starts_with('(') {
            "check"
        } else {
            "other"
        };
        out.push(TextDc {
            value,
            kind,
            abilities,
        });
    }
    out
}

/// The ability names at the start of `text` (`Strength`, `Strength or Dexterity`) and what
/// follows them.
fn abilities_at(mut text: &str) -> (Vec<&'static str>, &str) {
    let mut found = Vec::new();
    while let Some((name, index)) = ABILITIES.iter().find(|(name, _)| text.starts_with(name)) {
        found.push(*index);
        text = text[name.len()..].trim_start();
        match text.strip_prefix("or ") {
            Some(rest) if ABILITIES.iter().any(|(name, _)| rest.starts_with(name)) => text = rest,
            _ => break,
        }
    }
    (found, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_an_attack() {
        let desc = "Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 5 (1d6 + 2) slashing damage.";
        assert_eq!(to_hit(desc), vec![4]);
        assert_eq!(attack_kind(desc), Some("melee weapon"));
        assert_eq!(
            dice(desc),
            vec![TextDice {
                at: desc.find("5 (1d6").expect("the text has it"),
                average: 5,
                dice: Some((1, 6)),
                bonus: 2,
                counts: "damage".into(),
                damage_type: "slashing".into()
            }]
        );
    }

    #[test]
    fn reads_negative_bonuses_several_to_hits_and_choices_of_type() {
        let desc = "Melee Weapon Attack: +2 to hit (+4 to hit with shillelagh), reach 5 ft. Hit: 1 (1d4 - 1) piercing damage plus 3 (1d6) lightning or thunder damage (djinni's choice).";
        assert_eq!(to_hit(desc), vec![2, 4]);
        assert_eq!(
            to_hit_with(desc),
            vec![(2, None), (4, Some("shillelagh".to_owned()))]
        );
        let parts = dice(desc);
        assert_eq!((parts[0].bonus, parts[0].average), (-1, 1));
        assert_eq!(parts[1].damage_type, "lightning or thunder");
        assert_eq!(to_hit("Ranged Weapon Attack: −1 to hit"), vec![-1]);
    }

    #[test]
    fn reads_flat_damage_healing_and_durations_in_printed_order() {
        let parts = dice("Hit: 1 piercing damage plus 7 (3d4) poison damage.");
        let read: Vec<_> = parts
            .iter()
            .map(|p| (p.dice, p.bonus, p.damage_type.as_str()))
            .collect();
        assert_eq!(
            read,
            vec![(None, 1, "piercing"), (Some((3, 4)), 0, "poison")]
        );
        let healing = dice("The target magically regains 20 (4d8 + 2) hit points.");
        assert_eq!(healing[0].counts, "hit points");
        let duration = dice("or be poisoned for 5 (1d10) minutes.");
        assert_eq!(duration[0].counts, "minutes");
    }

    #[test]
    fn reads_difficulty_classes_by_kind() {
        let desc = "must succeed on a DC 13 Constitution saving throw; grappled (escape DC 14); a DC 15 Wisdom (Perception) check; a DC 12 Strength or Dexterity saving throw; spell save DC 17, +9 to hit with spell attacks";
        let found = dcs(desc);
        let kinds: Vec<_> = found.iter().map(|dc| (dc.value, dc.kind)).collect();
        assert_eq!(
            kinds,
            vec![
                (13, "save"),
                (14, "escape"),
                (15, "check"),
                (12, "save"),
                (17, "spell")
            ]
        );
        assert_eq!(found[0].abilities, vec!["con"]);
        assert_eq!(found[3].abilities, vec!["str", "dex"]);
        assert_eq!(spell_attack(desc), Some(9));
        assert!(to_hit(desc).is_empty());
    }

    #[test]
    fn dice_text_forms() {
        assert_eq!(parse_dice("2d10+8"), Some((2, 10, 8)));
        assert_eq!(parse_dice("1d4 − 1"), Some((1, 4, -1)));
        assert_eq!(parse_dice("18d6"), Some((18, 6, 0)));
        assert_eq!(parse_dice("1"), None);
    }
}
