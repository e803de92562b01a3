//! Octal codes in words, for people who do not read the digits.

use sprague::games::Octal;

/// The usual name of a well-known code.
pub fn name(game: &Octal) -> Option<&'static str> {
    [
        (Octal::kayles(), "Kayles"),
        (Octal::dawsons_kayles(), "Dawson's Kayles"),
        (Octal::dawsons_chess(), "Dawson's chess"),
        (Octal::treblecross(), "Treblecross"),
    ]
    .into_iter()
    .find_map(|(known, name)| (&known == game).then_some(name))
}

/// One line per digit that allows a move, such as "remove 1 token: a whole heap of 1, or part
/// of a heap, leaving one or two heaps".
pub fn rules(game: &Octal) -> Vec<String> {
    game.digits()
        .iter()
        .enumerate()
        .filter(|&(_, &digit)| digit != 0)
        .map(|(j, &digit)| {
            if j == 0 {
                // Removing nothing can only split: the parser allows bits 4 and 8 alone here.
                return format!("remove nothing: split a heap into {}", heaps_left(digit));
            }
            let tokens = if j == 1 { "token" } else { "tokens" };
            let whole = digit & 1 != 0;
            let part = digit & 0b1110 != 0;
            let how = match (whole, part) {
                (true, false) => format!("only a whole heap of {j}"),
                (true, true) => format!(
                    "a whole heap of {j}, or part of a heap, leaving {}",
                    heaps_left(digit)
                ),
                _ => format!("part of a heap, leaving {}", heaps_left(digit)),
            };
            format!("remove {j} {tokens}: {how}")
        })
        .collect()
}

/// "one heap", "one or two heaps", "one, two or three heaps", … for bits 2, 4 and 8.
fn heaps_left(digit: u8) -> String {
    let counts: Vec<&str> = [(2, "one"), (4, "two"), (8, "three")]
        .into_iter()
        .filter(|&(bit, _)| digit & bit != 0)
        .map(|(_, count)| count)
        .collect();
    let noun = if counts == ["one"] { "heap" } else { "heaps" };
    match counts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last} {noun}", rest.join(", ")),
        Some((only, _)) => format!("{only} {noun}"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::{name, rules};
    use sprague::games::Octal;

    fn words(code: &str) -> Vec<String> {
        rules(&code.parse().expect("a valid code"))
    }

    #[test]
    fn codes_read_as_rules() {
        assert_eq!(
            words("0.77"),
            [
                "remove 1 token: a whole heap of 1, or part of a heap, leaving one or two heaps",
                "remove 2 tokens: a whole heap of 2, or part of a heap, leaving one or two heaps",
            ]
        );
        assert_eq!(
            words("0.137"),
            [
                "remove 1 token: only a whole heap of 1",
                "remove 2 tokens: a whole heap of 2, or part of a heap, leaving one heap",
                "remove 3 tokens: a whole heap of 3, or part of a heap, leaving one or two heaps",
            ]
        );
        assert_eq!(
            words("4.04"),
            [
                "remove nothing: split a heap into two heaps",
                "remove 2 tokens: part of a heap, leaving two heaps",
            ]
        );
        assert_eq!(
            words("0x0.E"),
            ["remove 1 token: part of a heap, leaving one, two or three heaps"]
        );
        assert_eq!(name(&Octal::treblecross()), Some("Treblecross"));
        assert_eq!(name(&"0.16".parse().expect("a valid code")), None);
    }
}
