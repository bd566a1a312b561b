//! Did-you-mean: the nearest of some candidates to a word the author wrote, by edit distance,
//! so a `help:` line can name the fix (`homepgae` → `homepage`, `weapons.longswrd` →
//! `weapons.longsword`).

use super::Help;

/// The edit distance (Levenshtein, with a swap of two neighbours counting as one edit, as a
/// typing slip is one mistake) between `a` and `b`, in characters.
///
/// ```
/// use opencharacter_spec::diagnostic::suggest::distance;
/// assert_eq!(distance("homepgae", "homepage"), 1); // one swap
/// assert_eq!(distance("fieldz", "fields"), 1); // one substitution
/// assert_eq!(distance("", "abc"), 3);
/// ```
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Rows of the optimal-string-alignment table: two back, one back, current.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut current = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
        }
        before = std::mem::replace(&mut previous, current);
    }
    previous[b.len()]
}

/// The candidate nearest to `word`, when it is near enough to be a slip: at most a third of the
/// word's length in edits (at least one), and not the word itself. Ties go to the first.
///
/// ```
/// use opencharacter_spec::diagnostic::suggest::nearest;
/// let keys = ["id", "version", "homepage", "license"];
/// assert_eq!(nearest("homepgae", keys), Some("homepage"));
/// assert_eq!(nearest("colour", keys), None);
/// ```
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let budget = (word.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter(|candidate| *candidate != word)
        .map(|candidate| (distance(word, candidate), candidate))
        .filter(|(edits, _)| *edits <= budget)
        .min_by_key(|(edits, _)| *edits)
        .map(|(_, candidate)| candidate)
}

/// The `did-you-mean` help line for `word` among `candidates`, when one is near.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<Help> {
    nearest(word, candidates).map(|found| Help::new("did-you-mean").with_arg("suggestion", found))
}

/// The names serde lists in an "unknown field/variant" message (`expected one of `a`, `b``,
/// `expected `a` or `b``, `expected `a``): the keys or values allowed where the word was.
pub fn expected_names(message: &str) -> Vec<&str> {
    let Some((_, expected)) = message.split_once("expected") else {
        return Vec::new();
    };
    expected
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|name| !name.is_empty())
        .collect()
}
