//! The command's own words, in English and Spanish, by key: everything the command says around
//! what the library computed (headings, the lines of a report, what a verb did). Diagnostics'
//! messages are not here: they come from the spec's standard text.
//!
//! Why a table of its own: every verb's words in one place, so a word left in English shows
//! beside its Spanish, and the command's Spanish tests check each verb against it.

/// The words the command says around what the library computed, by key, in English and Spanish
/// (other languages read English). `{name}` is replaced by the argument `name`.
pub const WORDS: &[(&str, &str, &str)] = &[
    // Usage errors in Spanish (`usage`): clap's own text is kept in English.
    ("usage-error", "error: {what}", "error: {what}"),
    (
        "usage-unknown-arg",
        "`{arg}` is not an option here",
        "`{arg}` no es una opción de esta orden",
    ),
    (
        "usage-missing-value",
        "`{arg}` needs a value",
        "`{arg}` necesita un valor",
    ),
    (
        "usage-invalid-value",
        "`{value}` is not a value `{arg}` takes",
        "`{value}` no es un valor que admita `{arg}`",
    ),
    (
        "usage-no-equals",
        "`{arg}` takes its value after `=`",
        "`{arg}` lleva su valor tras `=`",
    ),
    (
        "usage-unknown-verb",
        "`{verb}` is not a verb of `opencharacter`",
        "`{verb}` no es un verbo de `opencharacter`",
    ),
    (
        "usage-missing-required",
        "these arguments are needed: {args}",
        "faltan estos argumentos: `{args}`",
    ),
    (
        "usage-missing-verb",
        "a verb is needed (`opencharacter --help` lists them)",
        "falta un verbo (`opencharacter --help` los enumera)",
    ),
    (
        "usage-conflict",
        "`{arg}` cannot be given with `{prior}`",
        "`{arg}` no se puede dar junto a `{prior}`",
    ),
    (
        "usage-values-count",
        "`{arg}` is given a wrong number of values",
        "`{arg}` recibe un número de valores incorrecto",
    ),
    (
        "usage-other",
        "the command line cannot be read",
        "la línea de órdenes no se puede leer",
    ),
    (
        "usage-possible",
        "possible values: {values}",
        "valores posibles: {values}",
    ),
    (
        "usage-suggest",
        "did you mean `{suggestion}`?",
        "¿querías decir `{suggestion}`?",
    ),
    (
        "usage-more",
        "for more, run the verb with `--help`",
        "para más información, ejecuta el verbo con `--help` (en inglés)",
    ),
    (
        "loaded",
        "loaded from the store: {packs}",
        "cargados del almacén: {packs}",
    ),
    ("layers", "layers: {layers}", "capas: {layers}"),
    (
        "migrated",
        "migrated on read: {pack} {from} -> {to}",
        "migrado al leer: {pack} {from} -> {to}",
    ),
    ("none", "none", "ninguno"),
    ("h-fields", "Fields", "Campos"),
    ("h-live", "Live", "En juego"),
    ("h-purse", "Purse", "Bolsa"),
    ("recovers", "recovers: {on}", "se recupera: {on}"),
    ("unlimited", "unlimited", "ilimitado"),
    ("all", "all", "todo"),
    (
        "regains",
        "regains {amount} on {on}",
        "recupera {amount} en {on}",
    ),
    (
        "regains-empty",
        "regains {amount} on {on} with none left",
        "recupera {amount} en {on} si no queda nada",
    ),
    ("h-content", "Content", "Contenido"),
    ("h-rolls", "Rolls", "Tiradas"),
    ("h-issues", "Issues", "Problemas"),
    ("h-credits", "Credits", "Créditos"),
    ("price", "{item}: {price}", "{item}: {price}"),
    ("price-none", "{item}: no price", "{item}: sin precio"),
    (
        "price-withdrawn",
        "{item}: priced in {unit}, a coin withdrawn by the layers",
        "{item}: con precio en {unit}, una moneda que las capas retiran",
    ),
    ("purse", "purse: {coins}", "bolsa: {coins}"),
    ("purse-empty", "purse: empty", "bolsa: vacía"),
    (
        "purse-withdrawn",
        "  kept, not shown: {coins}",
        "  guardadas, no se muestran: {coins}",
    ),
    (
        "loot",
        "{table} (seed {seed}):",
        "{table} (semilla {seed}):",
    ),
    ("ladder", "difficulty ladder:", "escala de dificultad:"),
    (
        "layers-chosen",
        "layers chosen: {layers}",
        "capas elegidas: {layers}",
    ),
    ("none-chosen", "none", "ninguna"),
    ("kept", "kept {layer}:", "se aplica {layer}:"),
    ("changes-nothing", "  changes nothing", "  no cambia nada"),
    (
        "dropped",
        "dropped {layer}: it conflicts with {kept}, declared earlier",
        "se descarta {layer}: choca con {kept}, declarada antes",
    ),
    ("ladder-from", "  set by {layer}", "  la fija {layer}"),
    ("won", "  won: {layer}", "  gana: {layer}"),
    (
        "replaced-by",
        "  replaced by {layer}, which comes later",
        "  la sustituye {layer}, que va después",
    ),
    (
        "not-migrated",
        "error: the packs do not load; the character was not migrated",
        "error: los paquetes no cargan; el personaje no se ha migrado",
    ),
    // install
    (
        "rolled-back",
        "{pack} {version} (default language until the next sync)",
        "{pack} {version} (idioma por defecto hasta la próxima sincronización)",
    ),
    ("previous", " (previous {version})", " (anterior {version})"),
    ("default-language", "default language", "idioma por defecto"),
    (
        "language-kept",
        "{language} (kept)",
        "{language} (se conserva)",
    ),
    (
        "language-fetched",
        "{language} (fetched)",
        "{language} (descargado)",
    ),
    (
        "language-failed",
        "{language} not fetched",
        "{language} sin descargar",
    ),
    (
        "fallback-not-listed",
        "the index lists none for it",
        "el índice no lista ninguno",
    ),
    (
        "fallback-refused",
        "the index check refuses the `{language}` pack it lists: `locales.{language}` {reason}",
        "la comprobación del índice rechaza el paquete `{language}` que lista: `locales.{language}` {reason}",
    ),
    (
        "fallback-unreachable",
        "the index could not be reached: {reason}",
        "no se pudo llegar al índice: {reason}",
    ),
    (
        "fallback-not-carried",
        "the file carries none for it",
        "el archivo no trae ninguno",
    ),
    (
        "fallback-failed",
        "{reason}; the next install or sync tries again",
        "{reason}; la próxima instalación o sincronización lo vuelve a intentar",
    ),
    (
        "built-index",
        "built index ({count} releases) → {folder}",
        "índice construido ({count} versiones) → {folder}",
    ),
    // sheet
    (
        "effects",
        "[base {base}; {effects}]",
        "[base {base}; {effects}]",
    ),
    (
        "effect",
        "{op} {value} from {from}",
        "{op} {value} de {from}",
    ),
    ("hidden", "(hidden)", "(oculto)"),
    ("carried", "(carried)", "(llevado)"),
    ("hidden-carried", "(hidden, carried)", "(oculto, llevado)"),
    (
        "wounds",
        "[{marks}] of {boxes} boxes, penalty {penalty}",
        "[{marks}] de {boxes} casillas, penalización {penalty}",
    ),
    ("granted-by", "(granted by {by})", "(otorgado por {by})"),
    (
        "picked-for",
        "(picked for {choice})",
        "(elegido para {choice})",
    ),
    ("in-slot", "in {slot}", "en {slot}"),
    ("at", "at {pointer}", "en {pointer}"),
    (
        "range",
        "({min}–{max}, mean {mean})",
        "({min}–{max}, media {mean})",
    ),
    ("save-dc", "save DC {dc}", "salvación CD {dc}"),
    (
        "target-save",
        "the target's save: {formula}",
        "la salvación del objetivo: {formula}",
    ),
    (
        "cannot-roll",
        "cannot roll: {reason}",
        "no se puede tirar: {reason}",
    ),
    ("roll-plain", "roll", "tirada"),
    ("dc", "DC {dc}", "CD {dc}"),
    (
        "successes-at",
        "{successes} at {target}+",
        "{successes} a {target}+",
    ),
    ("success", "success: {odds}", "éxito: {odds}"),
    // layers
    (
        "change-check-guidance",
        "appends check guidance",
        "añade orientación para las pruebas",
    ),
    (
        "change-world-guidance",
        "appends world guidance",
        "añade orientación sobre el mundo",
    ),
    (
        "change-values",
        "{field}: withdraws {values}",
        "{field}: retira {values}",
    ),
    (
        "change-default",
        "; default {default}",
        "; por defecto {default}",
    ),
    (
        "change-ladder",
        "replaces the difficulty ladder: {labels}",
        "sustituye la escala de dificultad: {labels}",
    ),
    (
        "change-hidden",
        "hides {count} {type} by `{filter}`",
        "oculta {count} {type} por `{filter}`",
    ),
    (
        "change-coins",
        "withdraws the coins {coins}",
        "retira las monedas {coins}",
    ),
    (
        "change-sellers",
        "withdraws the sellers {sellers}",
        "retira a los vendedores {sellers}",
    ),
    (
        "change-unsold",
        "appends {filters} goods filters to the `unsold` of {market}'s market",
        "añade {filters} filtros de mercancías al `unsold` del mercado de {market}",
    ),
    (
        "change-loot",
        "replaces the loot table {table}",
        "sustituye la tabla de botín {table}",
    ),
    (
        "not-applied",
        "not applied {layer}: {what}: {reason}",
        "no se aplica {layer}: {what}: {reason}",
    ),
    (
        "replaced-ladder",
        "the difficulty ladder",
        "la escala de dificultad",
    ),
    (
        "replaced-loot",
        "the loot table {table}",
        "la tabla de botín {table}",
    ),
    // load
    ("load-order", "load order:", "orden de carga:"),
    ("credit", "credit: {credit}", "créditos: {credit}"),
    (
        "notice",
        "notice {slug}: {notice}",
        "aviso {slug}: {notice}",
    ),
    ("conflicts-none", "conflicts: none", "conflictos: ninguno"),
    ("conflicts", "conflicts:", "conflictos:"),
    (
        "conflict",
        "set by {packs}; `{winner}` wins",
        "lo fijan {packs}; gana `{winner}`",
    ),
    // import-ruleset
    (
        "imported",
        "wrote {files} files to {out} ({unmapped} things not mapped, listed in {report}; {errors})",
        "escritos {files} archivos en {out} ({unmapped} cosas sin lugar en el paquete, listadas en {report}; {errors})",
    ),
    // migrate
    ("migrate-changed", "migrated:", "migrado:"),
    (
        "migrate-nothing",
        "already in the loaded packs' shapes: nothing changed",
        "ya tiene la forma de los paquetes cargados: nada cambia",
    ),
    ("migrate-unchanged", "nothing changed", "nada cambia"),
    (
        "migrate-step",
        "{pack} {script} step {index} ({step}):",
        "{pack} {script} paso {index} ({step}):",
    ),
    (
        "migrate-cell",
        "row {row} column {column}",
        "fila {row} columna {column}",
    ),
    ("migrate-default-from", "(default)", "(por defecto)"),
    (
        "migrate-copy",
        "copied {from} -> {to}{value}",
        "copiado {from} -> {to}{value}",
    ),
    (
        "migrate-default",
        "default -> {to}{value}",
        "por defecto -> {to}{value}",
    ),
    (
        "migrate-move",
        "moved {from} -> {to}{value}",
        "movido {from} -> {to}{value}",
    ),
    (
        "migrate-drop",
        "dropped {from}{value}: {to} already holds a value",
        "descartado {from}{value}: {to} ya tiene un valor",
    ),
    (
        "migrate-set",
        "set {to}{cell}{value}",
        "fijado {to}{cell}{value}",
    ),
    ("migrate-character", "character:", "personaje:"),
    // show
    ("rtl", ", right to left", ", de derecha a izquierda"),
    ("answered", "{language}{direction}", "{language}{direction}"),
    (
        "answered-variant",
        "{language}, for {requested}{direction}",
        "{language}, para {requested}{direction}",
    ),
    (
        "answered-default",
        "{language}{direction}: not translated into {requested}, the pack's default language answers",
        "{language}{direction}: sin traducir a {requested}, responde el idioma por defecto del paquete",
    ),
    (
        "show-none",
        "no text of these packs names this ID",
        "ningún texto de estos paquetes nombra este ID",
    ),
    (
        "show-text-none",
        "no default-language text of these packs reads so",
        "ningún texto de estos paquetes en su idioma por defecto dice eso",
    ),
    (
        "show-from-source",
        "note: {pack}: shown from its source folder, not from the store",
        "nota: {pack}: se muestra desde su carpeta de fuentes, no desde el almacén",
    ),
    // build
    (
        "built-pack",
        "built {pack} → {path}",
        "construido {pack} → {path}",
    ),
    ("built-folder", "built {path}", "construido {path}"),
    // formula
    ("f-canonical", "canonical:", "canónica:"),
    ("f-tree", "tree:", "árbol:"),
    ("f-fields", "fields", "campos"),
    ("f-functions", "functions", "funciones"),
    ("f-content", "content", "contenido"),
    ("f-settings", "settings", "ajustes"),
    ("f-kinds", "kinds:", "tipos:"),
    ("f-dice", "dice:", "dados:"),
    ("f-value", "value:", "valor:"),
    (
        "f-rolled",
        "(rolled with --seed {seed})",
        "(tirado con --seed {seed})",
    ),
    ("f-min", "minimum:", "mínimo:"),
    ("f-max", "maximum:", "máximo:"),
    ("f-mean", "mean:", "media:"),
    (
        "f-mean-none",
        "not exact without the full distribution",
        "no es exacta sin la distribución completa",
    ),
    ("f-odds", "odds:", "probabilidades:"),
    (
        "f-not-computed",
        "not computed: {error}",
        "sin calcular: {error}",
    ),
    // validate --coverage
    (
        "cov-pack",
        "translations of {pack} (default language {default}, {total} keys):",
        "traducciones de {pack} (idioma por defecto {default}, {total} claves):",
    ),
    (
        "cov-none",
        "none beyond the default language",
        "ninguna aparte del idioma por defecto",
    ),
    (
        "cov-language",
        "{language}: {translated} of {total} keys, {percent}",
        "{language}: {translated} de {total} claves, {percent}",
    ),
    ("cov-missing", "; missing {keys}", "; faltan {keys}"),
    (
        "cov-more",
        " and {more} more (all of them with --format json)",
        " y {more} más (todas con --format json)",
    ),
];
