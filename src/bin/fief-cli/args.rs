//! The readers of the command line's values, each checked against its range: whole numbers,
//! fractions, seeds, round caps, and the Hard bot's budget.

/// A whole number from `lo` to `hi`, refused in words ("'many' is not a whole number").
pub(crate) fn whole<T>(lo: u64, hi: u64) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: TryFrom<u64>,
{
    move |s: &str| match s.parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => {
            T::try_from(n).map_err(|_| format!("{n} is out of range"))
        }
        Ok(n) => Err(format!("{n} is not between {lo} and {hi}")),
        Err(_) => Err(format!("'{s}' is not a whole number from {lo} to {hi}")),
    }
}

/// A number from 0 to 1.
pub(crate) fn fraction(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("'{s}' is not a number from 0 to 1")),
    }
}

/// A seed: any whole number from 0 to 18446744073709551615.
pub(crate) fn seed(s: &str) -> Result<u64, String> {
    s.parse::<u64>().map_err(|_| {
        format!(
            "'{s}' is not a seed: give a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// A round cap: a number of rounds from 1 to 65535, or `none`.
#[derive(Clone, Copy)]
pub(crate) struct RoundCap(pub(crate) Option<u16>);

pub(crate) fn round_cap(s: &str) -> Result<RoundCap, String> {
    if s == "none" {
        return Ok(RoundCap(None));
    }
    match s.parse::<u16>() {
        Ok(n) if n >= 1 => Ok(RoundCap(Some(n))),
        _ => Err(format!(
            "'{s}' is not a round cap: give a number of rounds from 1 to 65535, or none"
        )),
    }
}

/// The Hard bot's budget from a command line: its iterations when given, else its time in
/// milliseconds when given, else `otherwise`.
pub(crate) fn hard_budget(
    iterations: Option<u32>,
    ms: Option<u64>,
    otherwise: fief::bots::Budget,
) -> fief::bots::Budget {
    match (iterations, ms) {
        (Some(n), _) => fief::bots::Budget::Iterations(n),
        (None, Some(ms)) => fief::bots::Budget::Time(std::time::Duration::from_millis(ms)),
        (None, None) => otherwise,
    }
}
