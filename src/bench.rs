//! `fief-cli bench --against PATH`: this build's figures beside another build's, measured in
//! one run on one machine. The two programs are run in turn (this, other, this, other...) with
//! the same arguments, so that both meet the same load and the same positions (each bench
//! plays the same seeded random games to find its positions); each figure is the median of
//! its runs, and its ratio says how much faster this build is (above 1: faster, whether the
//! figure is a rate or a time).

/// One figure a bench printed: where it stands ("engine / actions applied"), its value and
/// its unit ("per second", "µs", "s").
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub name: String,
    pub value: f64,
    pub unit: String,
}

impl Figure {
    /// Whether a larger value is better (a rate) rather than worse (a time).
    pub fn higher_is_better(&self) -> bool {
        self.unit.starts_with("per ")
    }
}

/// The figures in a bench's output. A line ending in ':' opens a section (its name is what
/// comes before any parenthesis: "Hard bot (1000 ms a decision...)" is "Hard bot"); an
/// indented line "label: NUMBER UNIT (...)" is a figure of the section. Anything else is left
/// alone, so that builds that print more or fewer figures can still be compared on the ones
/// they share.
pub fn figures(output: &str) -> Vec<Figure> {
    let mut section = String::new();
    let mut out = Vec::new();
    for line in output.lines() {
        let indented = line.starts_with(' ');
        let text = line.trim();
        if !indented {
            if let Some(head) = text.strip_suffix(':') {
                section = head.split(" (").next().unwrap_or(head).trim().to_string();
            }
            continue;
        }
        let Some((label, rest)) = text.split_once(':') else {
            continue;
        };
        let rest = rest.trim();
        let number: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == '-')
            .collect();
        let Ok(value) = number.parse::<f64>() else {
            continue;
        };
        if !value.is_finite() {
            continue;
        }
        let unit = rest[number.len()..]
            .split('(')
            .next()
            .unwrap_or_default()
            .trim()
            .to_string();
        let label = label.split(" (").next().unwrap_or(label).trim();
        out.push(Figure {
            name: if section.is_empty() {
                label.to_string()
            } else {
                format!("{section} / {label}")
            },
            value,
            unit,
        });
    }
    out
}

/// The median of some values (the mean of the middle two for an even count); `None` for none.
pub fn median(values: &[f64]) -> Option<f64> {
    let mut v: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    })
}

/// The comparison of two builds' runs (each a list of the figures of one run): one line a
/// figure this build printed in any run, in the order of its first run, with each build's
/// median, and how many times faster this build is.
pub fn compare(this: &[Vec<Figure>], other: &[Vec<Figure>]) -> String {
    let mut names: Vec<(String, String, bool)> = Vec::new();
    for run in this {
        for f in run {
            if !names.iter().any(|(n, _, _)| *n == f.name) {
                names.push((f.name.clone(), f.unit.clone(), f.higher_is_better()));
            }
        }
    }
    let med = |runs: &[Vec<Figure>], name: &str| {
        let v: Vec<f64> = runs
            .iter()
            .flat_map(|r| r.iter().filter(|f| f.name == name).map(|f| f.value))
            .collect();
        median(&v)
    };
    let width = names
        .iter()
        .map(|(n, _, _)| n.chars().count())
        .max()
        .unwrap_or(6);
    let mut text = format!(
        "{:<width$}  {:>12}  {:>12}  {:>7}  unit\n",
        "figure", "this build", "other build", "gain"
    );
    for (name, unit, higher) in &names {
        let (a, b) = (med(this, name), med(other, name));
        let shown = |v: Option<f64>| match v {
            Some(x) if x.abs() >= 100.0 => format!("{x:.0}"),
            Some(x) => format!("{x:.3}"),
            None => "—".to_string(),
        };
        let gain = match (a, b) {
            (Some(a), Some(b)) if a > 0.0 && b > 0.0 => {
                let g = if *higher { a / b } else { b / a };
                format!("{g:.2}×")
            }
            _ => "—".to_string(),
        };
        text += &format!(
            "{name:<width$}  {:>12}  {:>12}  {gain:>7}  {unit}\n",
            shown(a),
            shown(b)
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUT: &str = "engine (4 players, random legal choices, round cap 15):
  actions applied:          400000 per second
  random full games:         120.5 per minute (6 games, 1200 actions in 3.0 s)
state clone (400 mid-game states):
  lean clone (bots):          0.25 µs
Hard bot (1000 ms a decision, 3 decisions, 1 trees on 2 cores):
  playout actions:        170000 per second
  time a decision:           1.002 s
";

    #[test]
    fn a_bench_output_is_read_into_named_figures() {
        let f = figures(OUT);
        let names: Vec<&str> = f.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "engine / actions applied",
                "engine / random full games",
                "state clone / lean clone",
                "Hard bot / playout actions",
                "Hard bot / time a decision"
            ]
        );
        assert_eq!(f[0].value, 400000.0);
        assert_eq!(f[1].unit, "per minute");
        assert_eq!(f[2].unit, "µs");
        assert!(f[3].higher_is_better() && !f[4].higher_is_better());
    }

    #[test]
    fn the_gain_is_above_one_for_the_faster_build_whatever_the_unit() {
        let this = vec![figures(OUT)];
        let other = vec![figures(
            &OUT.replace("400000 per", "200000 per")
                .replace("0.25 µs", "0.50 µs"),
        )];
        let table = compare(&this, &other);
        let line = |name: &str| {
            table
                .lines()
                .find(|l| l.starts_with(name))
                .unwrap()
                .to_string()
        };
        assert!(
            line("engine / actions applied").contains("2.00×"),
            "{table}"
        );
        assert!(
            line("state clone / lean clone").contains("2.00×"),
            "{table}"
        );
        assert!(
            line("Hard bot / playout actions").contains("1.00×"),
            "{table}"
        );
        // A figure the other build does not print has no ratio.
        let other = vec![figures("engine:\n  actions applied: 100 per second\n")];
        let table = compare(&this, &other);
        assert!(table.contains("—"), "{table}");
    }

    #[test]
    fn medians_skip_what_is_not_a_number() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[f64::NAN]), None);
        assert_eq!(median(&[]), None);
    }
}
