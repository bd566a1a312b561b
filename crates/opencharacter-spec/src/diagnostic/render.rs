//! Filling a message template's placeholders from a diagnostic's arguments.

use indexmap::IndexMap;

/// Fills a template's `{name}` placeholders from `args`. `{{` and `}}` stand for literal braces;
/// a placeholder with no argument stays as written, so a missing argument shows rather than
/// vanishing.
///
/// ```
/// use indexmap::IndexMap;
/// use opencharacter_spec::diagnostic::render_template;
/// let args = IndexMap::from([("id".to_owned(), "spells.fireball".to_owned())]);
/// assert_eq!(render_template("no item `{id}` {{ok}}", &args), "no item `spells.fireball` {ok}");
/// ```
pub fn render_template(template: &str, args: &IndexMap<String, String>) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(start) = rest.find(['{', '}']) {
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push_str(&tail[..1]);
            rest = &tail[2..];
        } else if let (true, Some(end)) = (tail.starts_with('{'), tail.find('}')) {
            let name = &tail[1..end];
            match args.get(name) {
                Some(value) => out.push_str(value),
                None => out.push_str(&tail[..=end]),
            }
            rest = &tail[end + 1..];
        } else {
            out.push_str(&tail[..1]);
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    out
}

/// The placeholder names a template uses, in order of first use.
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        let tail = &rest[start..];
        if let Some(after) = tail.strip_prefix("{{") {
            rest = after;
            continue;
        }
        let Some(end) = tail.find('}') else { break };
        let name = &tail[1..end];
        if !names.contains(&name) {
            names.push(name);
        }
        rest = &tail[end + 1..];
    }
    names
}
