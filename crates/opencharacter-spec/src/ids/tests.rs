//! Unit tests of the ID grammars: what parses, what is refused and at which column.

use proptest::prelude::*;

use super::*;

fn column_of<T: std::str::FromStr<Err = IdError> + std::fmt::Debug>(text: &str) -> Option<usize> {
    text.parse::<T>().expect_err(text).column()
}

#[test]
fn valid_ids_parse() {
    for id in [
        "5e-srd-5.1",
        "mothership-1e",
        "fitd-scoundrel",
        "a",
        "x.y-z.0",
    ] {
        assert_eq!(id.parse::<PackId>().unwrap().as_str(), id);
    }
    for id in [
        "magic-items.flame-tongue",
        "weapons.longsword",
        "equipment.pole-10-foot",
        "classes.barbarian-1",
    ] {
        assert_eq!(id.parse::<ContentId>().unwrap().as_str(), id);
    }
    for id in [
        "abilities.str.mod",
        "combat.critRange",
        "hit_dice_d6",
        "_private",
        "level2",
        "dice.d",
    ] {
        assert_eq!(id.parse::<FieldId>().unwrap().as_str(), id);
    }
}

#[test]
fn invalid_content_ids_point_at_the_character() {
    assert_eq!(column_of::<ContentId>("weapons.Longsword"), Some(9));
    assert_eq!(column_of::<ContentId>("weapons..longsword"), Some(9));
    assert_eq!(column_of::<ContentId>("-weapons"), Some(1));
    assert_eq!(column_of::<ContentId>("weapons.long_sword"), Some(13));
    assert_eq!(column_of::<ContentId>("weapons.longsword-"), Some(19));
    assert_eq!(column_of::<ContentId>(""), Some(1));
    assert_eq!(column_of::<ContentId>("épée"), Some(1));
}

#[test]
fn invalid_field_ids_point_at_the_character() {
    assert_eq!(column_of::<FieldId>("abilities.str-mod"), Some(14));
    assert_eq!(column_of::<FieldId>("abilities.1st"), Some(11));
    assert_eq!(column_of::<FieldId>("abilities..mod"), Some(11));
    assert_eq!(column_of::<FieldId>("abilities."), Some(11));
    assert_eq!(column_of::<FieldId>("stats.and"), Some(7));
    assert_eq!(column_of::<FieldId>("if"), Some(1));
    assert_eq!(column_of::<FieldId>("pool.d20"), Some(6));
    assert_eq!(column_of::<FieldId>("pool.d6count"), Some(6));
    let err = "stats.and".parse::<FieldId>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "field ID `stats.and` has the segment `and` at column 7, which is a formula keyword"
    );
    let err = "abilities.str-mod".parse::<FieldId>().unwrap_err();
    assert!(err.to_string().contains("'-' at column 14"), "{err}");
}

#[test]
fn homebrew_is_reserved_for_characters() {
    assert_eq!("homebrew".parse::<PackId>(), Err(IdError::ReservedPack));
    assert!(
        PackId::parse_in_character("homebrew")
            .unwrap()
            .is_homebrew()
    );
    let id: QualifiedContentId = "homebrew:spells.frost-nova".parse().unwrap();
    assert!(id.pack.is_homebrew());
}

#[test]
fn qualified_errors_point_into_the_whole_string() {
    assert_eq!(
        column_of::<QualifiedContentId>("5e-srd-5.1:weapons.Long"),
        Some(20)
    );
    assert_eq!(column_of::<QualifiedContentId>("5E:weapons"), Some(2));
    assert_eq!(
        column_of::<QualifiedFieldId>("5e:abilities.str-mod"),
        Some(17)
    );
    assert!("weapons.longsword".parse::<QualifiedContentId>().is_err());
}

#[test]
fn references_are_local_or_qualified() {
    let local: Reference<ContentId> = "weapons.longsword".parse().unwrap();
    assert!(local.pack().is_none());
    let qualified: Reference<FieldId> = "5e-srd-5.1:abilities.str.mod".parse().unwrap();
    assert_eq!(qualified.pack().map(PackId::as_str), Some("5e-srd-5.1"));
    assert_eq!(qualified.local().as_str(), "abilities.str.mod");
}

#[test]
fn too_long_ids_are_refused() {
    let long = "a".repeat(MAX_ID_LEN + 1);
    assert!(matches!(
        long.parse::<ContentId>(),
        Err(IdError::TooLong { .. })
    ));
    assert!(matches!(
        long.parse::<FieldId>(),
        Err(IdError::TooLong { .. })
    ));
}

#[test]
fn serde_goes_through_the_parser() {
    let id: FieldId = serde_json::from_str("\"abilities.str.mod\"").unwrap();
    assert_eq!(serde_json::to_string(&id).unwrap(), "\"abilities.str.mod\"");
    assert!(serde_json::from_str::<FieldId>("\"abilities.str-mod\"").is_err());
    let q: QualifiedContentId = serde_json::from_str("\"5e:weapons.dagger\"").unwrap();
    assert_eq!(serde_json::to_value(&q).unwrap(), "5e:weapons.dagger");
}

#[test]
fn is_under_respects_segment_boundaries() {
    let prefix: FieldId = "abilities.str".parse().unwrap();
    assert!(
        "abilities.str.mod"
            .parse::<FieldId>()
            .unwrap()
            .is_under(&prefix)
    );
    assert!(
        "abilities.str"
            .parse::<FieldId>()
            .unwrap()
            .is_under(&prefix)
    );
    assert!(
        !"abilities.strength"
            .parse::<FieldId>()
            .unwrap()
            .is_under(&prefix)
    );
}

fn word() -> impl Strategy<Value = String> {
    "[a-z0-9]{1,6}"
}

fn word_segment() -> impl Strategy<Value = String> {
    prop::collection::vec(word(), 1..4).prop_map(|words| words.join("-"))
}

fn word_id() -> impl Strategy<Value = String> {
    prop::collection::vec(word_segment(), 1..4).prop_map(|segments| segments.join("."))
}

fn field_segment() -> impl Strategy<Value = String> {
    "[A-Za-z_][A-Za-z0-9_]{0,8}"
        .prop_filter("reserved", |s| !is_reserved_word(s) && !is_dice_term(s))
}

fn field_id() -> impl Strategy<Value = String> {
    prop::collection::vec(field_segment(), 1..4).prop_map(|segments| segments.join("."))
}

proptest! {
    #[test]
    fn valid_word_ids_round_trip(id in word_id()) {
        let content: ContentId = id.parse().unwrap();
        prop_assert_eq!(content.to_string().parse::<ContentId>().unwrap(), content);
        if id != HOMEBREW_PACK {
            let pack: PackId = id.parse().unwrap();
            prop_assert_eq!(pack.to_string().parse::<PackId>().unwrap(), pack);
        }
    }

    #[test]
    fn valid_field_ids_round_trip(id in field_id()) {
        let field: FieldId = id.parse().unwrap();
        prop_assert_eq!(field.to_string().parse::<FieldId>().unwrap(), field);
    }

    #[test]
    fn valid_qualified_ids_round_trip(pack in word_id(), local in field_id()) {
        let text = format!("{pack}:{local}");
        let id: QualifiedFieldId = text.parse().unwrap();
        prop_assert_eq!(id.to_string(), text);
    }

    #[test]
    fn any_string_parses_or_errs_without_panicking(text in ".{0,40}") {
        let _ = text.parse::<PackId>();
        let _ = text.parse::<ContentId>();
        let _ = text.parse::<FieldId>();
        let _ = text.parse::<QualifiedContentId>();
        if let Err(error) = text.parse::<FieldId>()
            && let Some(column) = error.column()
        {
            prop_assert!(column >= 1 && column <= text.chars().count() + 1);
        }
    }
}
