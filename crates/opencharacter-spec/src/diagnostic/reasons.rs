//! The registry of reasons: every phrase a diagnostic's typed argument can be, once.
//!
//! A reason's `key` is stable and kebab-case; its template lives in the spec's standard text
//! (`i18n/en.yaml` and `i18n/es.yaml`, section `reasons`), so a reason, a type described in words
//! or a state reads in the author's language. Tests fail when a reason lacks an English or a
//! Spanish template, or a template uses an argument the reason does not declare.
//!
//! To add a reason: a line in the `reasons!` list below (grouped by the code that uses it), and
//! its template in both languages.

use super::words::Reason;

macro_rules! reasons {
    ($($ident:ident = $key:literal, [$($arg:literal),*];)*) => {
        $(
            #[doc = concat!("The reason `", $key, "`.")]
            pub static $ident: Reason = Reason { key: $key, args: &[$($arg),*] };
        )*

        /// Every registered reason, in registry order.
        pub static ALL: &[&Reason] = &[$(&$ident),*];
    };
}

/// Finds a registered reason by its key.
pub fn by_key(key: &str) -> Option<&'static Reason> {
    ALL.iter().copied().find(|reason| reason.key == key)
}

reasons! {
    SYNTAX_FLOW_MAPPING = "syntax-flow-mapping", [];
    SYNTAX_FLOW_SEQUENCE = "syntax-flow-sequence", [];
    SYNTAX_MAPPING_VALUE = "syntax-mapping-value", [];
    SYNTAX_BLOCK_KEY = "syntax-block-key", [];
    SYNTAX_INDENTATION = "syntax-indentation", [];
    SYNTAX_LIST_ITEM = "syntax-list-item", [];
    SYNTAX_QUOTED = "syntax-quoted", [];
    SYNTAX_TAB = "syntax-tab", [];
    SYNTAX_END = "syntax-end", [];
    SYNTAX_ALIAS = "syntax-alias", ["name"];
    SYNTAX_TAG = "syntax-tag", [];
    SYNTAX_OTHER = "syntax-other", [];
    LIMIT_BYTES = "limit-bytes", ["size", "limit"];
    LIMIT_NODES = "limit-nodes", ["limit"];
    LIMIT_DEPTH = "limit-depth", ["limit"];
    LIMIT_ALIASES = "limit-aliases", ["limit"];
    LIMIT_ANCHORED = "limit-anchored", ["limit"];
    LIMIT_NESTING = "limit-nesting", [];
    SECOND_DOCUMENT = "second-document", [];
    MERGE_KEY = "merge-key", [];
    KEY_NOT_SCALAR = "key-not-scalar", [];
    ALIAS_RECURSIVE = "alias-recursive", [];
    ALIAS_KEY = "alias-key", [];
    TAG_UNUSED = "tag-unused", ["tag"];
    TAG_MISMATCH = "tag-mismatch", ["text", "tag"];
    NUMBER_NOT_JSON = "number-not-json", ["text"];
    INTEGER_TOO_LARGE = "integer-too-large", ["text"];
    NUMBER_TOO_LARGE = "number-too-large", ["text"];
    KEY_UNKNOWN = "key-unknown", ["key"];
    VALUE_UNKNOWN = "value-unknown", ["value", "allowed"];
    KEY_MISSING = "key-missing", ["key"];
    KEY_TWICE = "key-twice", ["key"];
    TYPE_WRONG = "type-wrong", ["expected", "found"];
    VALUE_WRONG = "value-wrong", ["expected", "found"];
    LENGTH_WRONG = "length-wrong", ["found", "expected"];
    NO_SHAPE = "no-shape", [];
    VALUE_UNFIT = "value-unfit", [];
    LICENSE_MALFORMED = "license-malformed", ["license"];
    FOUND_TEXT = "found-text", ["text"];
    FOUND_NUMBER = "found-number", ["number"];
    FOUND_BOOLEAN = "found-boolean", ["value"];
    FOUND_NOTHING = "found-nothing", [];
    FOUND_LIST = "found-list", [];
    FOUND_MAPPING = "found-mapping", [];
    FOUND_OTHER = "found-other", [];
    EXPECT_TEXT = "expect-text", [];
    EXPECT_WHOLE_MIN_0 = "expect-whole-min-0", [];
    EXPECT_WHOLE = "expect-whole", [];
    EXPECT_NUMBER = "expect-number", [];
    EXPECT_BOOLEAN = "expect-boolean", [];
    EXPECT_LIST = "expect-list", [];
    EXPECT_MAPPING = "expect-mapping", [];
    EXPECT_FORMULA = "expect-formula", [];
    EXPECT_DICE = "expect-dice", [];
    EXPECT_SCALAR = "expect-scalar", [];
    EXPECT_VERSION = "expect-version", [];
    EXPECT_OTHER = "expect-other", [];
    ID_EMPTY = "id-empty", ["kind"];
    ID_UNEXPECTED = "id-unexpected", ["kind", "id", "found", "column", "expected"];
    ID_TRUNCATED = "id-truncated", ["kind", "id", "expected"];
    ID_RESERVED_SEGMENT = "id-reserved-segment", ["kind", "id", "segment", "column", "reason"];
    ID_RESERVED_PACK = "id-reserved-pack", [];
    ID_TOO_LONG = "id-too-long", ["kind", "len", "limit"];
    ID_KIND_PACK = "id-kind-pack", [];
    ID_KIND_CONTENT = "id-kind-content", [];
    ID_KIND_FIELD = "id-kind-field", [];
    ID_KIND_QUALIFIED = "id-kind-qualified", [];
    ID_KIND_TAG = "id-kind-tag", [];
    ID_LOWERCASE = "id-lowercase", [];
    ID_WORD_START = "id-word-start", [];
    ID_WORD_CHAR = "id-word-char", [];
    ID_WORD_AFTER = "id-word-after", [];
    ID_SEGMENT_AFTER = "id-segment-after", [];
    ID_SEGMENT_START = "id-segment-start", [];
    ID_FIELD_HYPHEN = "id-field-hyphen", [];
    ID_FIELD_CHAR = "id-field-char", [];
    ID_QUALIFIED = "id-qualified", [];
    ID_TAG_DOT = "id-tag-dot", [];
    ID_KEYWORD = "id-keyword", [];
    ID_DICE_TERM = "id-dice-term", [];
    PATH_IN_CONTENT = "path-in-content", [];
    PATH_DOT = "path-dot", [];
    PATH_NOT_WORD = "path-not-word", ["error"];
    PATH_NOT_ID = "path-not-id", ["error"];
    UPGRADE_NAME_NOT_YAML = "upgrade-name-not-yaml", [];
    UPGRADE_NAME_NO_TO = "upgrade-name-no-to", [];
    UPGRADE_NAME_NOT_BELOW = "upgrade-name-not-below", ["from", "to"];
    VERSION_INVALID = "version-invalid", ["text"];
    KEY_UNKNOWN_KIND = "key-unknown-kind", ["key"];
    KEY_TOO_SHORT = "key-too-short", ["key"];
    KEY_EMPTY_SEGMENT = "key-empty-segment", ["key"];
    KEY_WRITTEN_TWICE = "key-written-twice", ["key"];
    PACKAGE_NOT_OBJECT = "package-not-object", [];
    PACKAGE_NOT_JSON = "package-not-json", [];
    PACKAGE_VERSION_INVALID = "package-version-invalid", ["version"];
    PACKAGE_VERSION_MISSING = "package-version-missing", [];
    PACKAGE_LICENSE = "package-license", ["license", "why"];
    PACKAGE_NAME = "package-name", ["name", "pack", "expected"];
    LICENSE_REF_EMPTY = "license-ref-empty", [];
    LICENSE_DEPRECATED = "license-deprecated", ["current"];
    LICENSE_NOT_SPDX = "license-not-spdx", [];
    LICENSE_NOT_SPDX_NEAR = "license-not-spdx-near", ["suggestion"];
    LICENSE_NOT_EXPRESSION = "license-not-expression", [];
    LICENSE_ID_NOT_SPDX = "license-id-not-spdx", ["license"];
    TAG_UNDERSCORE = "tag-underscore", [];
    TAG_TOO_LONG = "tag-too-long", [];
    TAG_EMPTY = "tag-empty", [];
    TAG_LANGUAGE = "tag-language", [];
    TAG_SUBTAG = "tag-subtag", [];
    TAG_EXTENSION = "tag-extension", [];
    TAG_EXTENSION_TWICE = "tag-extension-twice", [];
    TAG_UNDETERMINED = "tag-undetermined", [];
    TAG_MALFORMED = "tag-malformed", [];
    DEPENDENCY_NOT_LOADED = "dependency-not-loaded", [];
    DEPENDENCY_OTHER_VERSION = "dependency-other-version", ["version"];
    ROUTE_DERIVED = "route-derived", [];
    ROUTE_DEFAULT = "route-default", ["default"];
    ROUTE_TYPE = "route-type", ["type"];
    DEFAULT_NOT_SURVIVING = "default-not-surviving", ["default"];
    DEFAULT_REMOVED = "default-removed", ["default"];
    LAYER_TEXT_KEYS = "layer-text-keys", [];
    LAYER_NO_RESOLUTION = "layer-no-resolution", [];
    LAYER_NO_LIVE = "layer-no-live", [];
    LAYER_NO_ABILITY = "layer-no-ability", [];
    LAYER_NO_COMBAT = "layer-no-combat", [];
    LAYER_NO_MODEL = "layer-no-model", [];
    LAYER_NO_SELLER = "layer-no-seller", [];
    LAYER_NO_FIELD = "layer-no-field", [];
    LAYER_ONLY = "layer-only", [];
    LAYER_NO_VALUE = "layer-no-value", [];
    LAYER_NO_FIELD_CHANGE = "layer-no-field-change", [];
    LAYER_NO_COINS = "layer-no-coins", [];
    LAYER_NO_ADD_SELLER = "layer-no-add-seller", [];
    LAYER_MARKET_ONLY = "layer-market-only", [];
    LAYER_ITEMS_ONLY = "layer-items-only", [];
    LAYER_GM_ONLY = "layer-gm-only", [];
    LAYER_NO_LOOT_TABLE = "layer-no-loot-table", ["table"];
    ON_FIELD = "on-field", ["type"];
    ON_COLUMN = "on-column", ["type"];
    ON_PROPERTY = "on-property", ["type"];
    ON_SETTING = "on-setting", ["type"];
    ON_ITEM = "on-item", ["type"];
    ON_RESOLUTION = "on-resolution", ["kind"];
    ON_BAND = "on-band", ["kind"];
    ON_LADDER_STEP = "on-ladder-step", ["kind"];
    ON_LAYER_RESOLUTION = "on-layer-resolution", ["kind"];
    ON_LICENSE = "on-license", ["license"];
    ON_PART = "on-part", [];
    ON_CURRENCY_FAMILY = "on-currency-family", [];
    ON_LAYER_FIELD = "on-layer-field", [];
    ON_OVERRIDE = "on-override", [];
    ON_CONTENT_ITEM = "on-content-item", [];
    ON_ROLL_WITHOUT_CHECK = "on-roll-without-check", [];
    ON_DICE_OR_VALUE_ROLL = "on-dice-or-value-roll", [];
    ALLOWED_ONE_OF = "allowed-one-of", ["values"];
    ALLOWED_TYPE = "allowed-type", ["type"];
    ALLOWED_FIELD_TYPES = "allowed-field-types", [];
    ALLOWED_COLUMN_TYPES = "allowed-column-types", [];
    ALLOWED_NOT_LIST = "allowed-not-list", [];
    ALLOWED_SETTING_TYPES = "allowed-setting-types", [];
    ALLOWED_WHOLE_MIN_1 = "allowed-whole-min-1", [];
    ALLOWED_UNIT_WORTH_1 = "allowed-unit-worth-1", [];
    NO_UNIT_WORTH_1 = "no-unit-worth-1", [];
    ALLOWED_FILED_KEY = "allowed-filed-key", ["id"];
    TYPE_NUMBER_BETWEEN = "type-number-between", ["min", "max"];
    TYPE_NUMBER_MIN = "type-number-min", ["min"];
    TYPE_NUMBER_MAX = "type-number-max", ["max"];
    TYPE_NUMBER = "type-number", [];
    TYPE_TEXT = "type-text", [];
    TYPE_BOOLEAN = "type-boolean", [];
    TYPE_ENUM = "type-enum", ["values"];
    TYPE_DICE = "type-dice", [];
    TYPE_FORMULA = "type-formula", [];
    TYPE_CONTENT = "type-content", [];
    TYPE_LIST_OF = "type-list-of", ["of"];
    TYPE_LIST_HOLDING = "type-list-holding", ["of"];
    TYPE_CONTENT_PROPERTY = "type-content-property", [];
    TYPE_PROPERTY_OF = "type-property-of", ["type"];
    FOUND_LONG_TEXT = "found-long-text", [];
    FORMULA_EXPECTED_AFTER = "formula-expected-after", ["expected", "after"];
    FORMULA_EXPECTED_FOUND = "formula-expected-found", ["expected", "found"];
    FORMULA_UNCLOSED = "formula-unclosed", ["column", "found"];
    FORMULA_FOUND_CHAR = "formula-found-char", ["char"];
    FORMULA_FOUND_SPACE = "formula-found-space", [];
    FORMULA_FOUND_END = "formula-found-end", [];
    FORMULA_TOO_LONG = "formula-too-long", ["len", "limit"];
    FORMULA_TOO_DEEP = "formula-too-deep", ["limit"];
    FORMULA_UNKNOWN_FUNCTION = "formula-unknown-function", ["name"];
    FORMULA_ARITY = "formula-arity", ["function", "expected", "found"];
    FORMULA_ID_ARGUMENT = "formula-id-argument", ["function"];
    FORMULA_TOTAL_ARGUMENT = "formula-total-argument", [];
    FORMULA_KEYWORD_OPERAND = "formula-keyword-operand", ["word"];
    FORMULA_RESERVED_SEGMENT = "formula-reserved-segment", ["segment"];
    FORMULA_DICE_SEGMENT = "formula-dice-segment", ["segment"];
    FORMULA_NUMBER_TOO_LARGE = "formula-number-too-large", [];
    FORMULA_DICE_COUNT = "formula-dice-count", [];
    FORMULA_CHAINED = "formula-chained", [];
    FORMULA_UNTERMINATED = "formula-unterminated", [];
    FORMULA_BAD_ESCAPE = "formula-bad-escape", ["char"];
    FORMULA_CONTROL_IN_STRING = "formula-control-in-string", [];
    FORMULA_AN_OPERAND = "formula-an-operand", [];
    FORMULA_AN_ARGUMENT = "formula-an-argument", [];
    FORMULA_A_PACK = "formula-a-pack", [];
    FORMULA_COLON_AFTER_PACK = "formula-colon-after-pack", [];
    FORMULA_NAME_SEGMENT = "formula-name-segment", [];
    FORMULA_PAREN_AFTER_IF = "formula-paren-after-if", [];
    FORMULA_COMMA_OR_CLOSE = "formula-comma-or-close", [];
    FORMULA_OPERATOR = "formula-operator", [];
    FORMULA_OPERATOR_NOT_ASSIGN = "formula-operator-not-assign", [];
    FORMULA_OPERATOR_UNMATCHED = "formula-operator-unmatched", [];
    FORMULA_DICE_TERM_END = "formula-dice-term-end", [];
    FORMULA_SIDES = "formula-sides", [];
    FORMULA_KEEP = "formula-keep", [];
    FORMULA_TARGET = "formula-target", [];
    ARITY_ONE = "arity-one", [];
    ARITY_AT_LEAST_ONE = "arity-at-least-one", [];
    ARITY_THREE = "arity-three", [];
    ARITY_AT_LEAST_TWO = "arity-at-least-two", [];
    ARITY_ODD = "arity-odd", [];
    ARITY_ONE_OR_TWO = "arity-one-or-two", [];
    KEY_TWICE_AT = "key-twice-at", ["first"];
    KIND_VALUE_OF = "kind-value-of", ["field"];
    KIND_FILTER_OF = "kind-filter-of", ["type"];
}
