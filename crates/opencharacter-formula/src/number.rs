//! Exact rational numbers: the only numeric type of the language.
//!
//! A [`Number`] is a reduced fraction with a 64-bit signed numerator and a positive 64-bit
//! denominator. Every operation computes the exact result in 128-bit arithmetic (which cannot
//! overflow for two 64-bit operands), reduces it, and fails with [`Overflow`] when the reduced
//! result does not fit back in 64 bits. Integers (denominator 1) take a fast path.

use std::cmp::Ordering;
use std::fmt;

/// The exact result of an operation did not fit in a [`Number`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow;

/// An exact rational number, always reduced, denominator always positive.
///
/// ```
/// use opencharacter_formula::Number;
/// let half = Number::new(1, 2).unwrap();
/// assert_eq!(half.checked_add(half).unwrap(), Number::from(1));
/// assert_eq!(Number::new(-7, 2).unwrap().floor(), Number::from(-4));
/// assert_eq!(Number::new(6, -4).unwrap().to_string(), "-3/2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Number {
    num: i64,
    den: i64,
}

fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Number {
    /// Zero.
    pub const ZERO: Number = Number { num: 0, den: 1 };
    /// One.
    pub const ONE: Number = Number { num: 1, den: 1 };

    /// The reduced fraction `num / den`; `None` when `den` is zero or the result does not fit.
    pub fn new(num: i64, den: i64) -> Option<Number> {
        if den == 0 {
            return None;
        }
        Number::from_i128(i128::from(num), i128::from(den)).ok()
    }

    /// Reduces `num / den` (den != 0) and checks that it fits.
    pub(crate) fn from_i128(num: i128, den: i128) -> Result<Number, Overflow> {
        debug_assert!(den != 0);
        let negative = (num < 0) != (den < 0);
        let (n, d) = (num.unsigned_abs(), den.unsigned_abs());
        let g = gcd_u128(n, d).max(1);
        let (n, d) = (n / g, d / g);
        let d = i64::try_from(d).map_err(|_| Overflow)?;
        let n = i128::try_from(n).map_err(|_| Overflow)?;
        let n = if negative { -n } else { n };
        let n = i64::try_from(n).map_err(|_| Overflow)?;
        Ok(Number { num: n, den: d })
    }

    /// The numerator (carries the sign).
    pub fn numer(self) -> i64 {
        self.num
    }

    /// The denominator (always positive).
    pub fn denom(self) -> i64 {
        self.den
    }

    /// Whether the number is an integer.
    pub fn is_integer(self) -> bool {
        self.den == 1
    }

    /// The integer value, if the number is one.
    pub fn to_integer(self) -> Option<i64> {
        (self.den == 1).then_some(self.num)
    }

    /// A floating-point approximation, for display only.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// `self + other`.
    pub fn checked_add(self, other: Number) -> Result<Number, Overflow> {
        if self.den == 1 && other.den == 1 {
            return self
                .num
                .checked_add(other.num)
                .map(Number::from)
                .ok_or(Overflow);
        }
        let (a, b) = (i128::from(self.num), i128::from(self.den));
        let (c, d) = (i128::from(other.num), i128::from(other.den));
        // |a*d| and |c*b| are below 2^126, so their sum cannot overflow i128.
        Number::from_i128(a * d + c * b, b * d)
    }

    /// `self - other`.
    pub fn checked_sub(self, other: Number) -> Result<Number, Overflow> {
        if self.den == 1 && other.den == 1 {
            return self
                .num
                .checked_sub(other.num)
                .map(Number::from)
                .ok_or(Overflow);
        }
        let (a, b) = (i128::from(self.num), i128::from(self.den));
        let (c, d) = (i128::from(other.num), i128::from(other.den));
        Number::from_i128(a * d - c * b, b * d)
    }

    /// `self * other`.
    pub fn checked_mul(self, other: Number) -> Result<Number, Overflow> {
        if self.den == 1 && other.den == 1 {
            return self
                .num
                .checked_mul(other.num)
                .map(Number::from)
                .ok_or(Overflow);
        }
        Number::from_i128(
            i128::from(self.num) * i128::from(other.num),
            i128::from(self.den) * i128::from(other.den),
        )
    }

    /// `self / other`; `None` when `other` is zero.
    pub fn checked_div(self, other: Number) -> Option<Result<Number, Overflow>> {
        if other.num == 0 {
            return None;
        }
        if self.den == 1 && other.den == 1 && other.num != -1 && self.num % other.num == 0 {
            return Some(Ok(Number::from(self.num / other.num)));
        }
        Some(Number::from_i128(
            i128::from(self.num) * i128::from(other.den),
            i128::from(self.den) * i128::from(other.num),
        ))
    }

    /// Floored remainder `self - other * floor(self / other)` (the sign of `other`); `None`
    /// when `other` is zero.
    pub fn checked_rem(self, other: Number) -> Option<Result<Number, Overflow>> {
        if other.num == 0 {
            return None;
        }
        if self.den == 1 && other.den == 1 {
            // rem_euclid then shift to the divisor's sign; i64::MIN % -1 is 0 by checked_rem_euclid.
            let r = self.num.checked_rem_euclid(other.num).unwrap_or(0);
            let r = if other.num < 0 && r != 0 {
                r + other.num
            } else {
                r
            };
            return Some(Ok(Number::from(r)));
        }
        Some((|| {
            let q = self.checked_div(other).ok_or(Overflow)??.floor();
            self.checked_sub(other.checked_mul(q)?)
        })())
    }

    /// `-self`.
    pub fn checked_neg(self) -> Result<Number, Overflow> {
        Ok(Number {
            num: self.num.checked_neg().ok_or(Overflow)?,
            den: self.den,
        })
    }

    /// The largest integer not above `self`.
    pub fn floor(self) -> Number {
        Number::from(self.num.div_euclid(self.den))
    }

    /// The smallest integer not below `self`.
    pub fn ceil(self) -> Number {
        let f = self.num.div_euclid(self.den);
        // f + 1 cannot overflow: a non-integer lies strictly below i64::MAX.
        Number::from(if self.num.rem_euclid(self.den) == 0 {
            f
        } else {
            f + 1
        })
    }

    /// Toward zero.
    pub fn trunc(self) -> Number {
        Number::from(self.num / self.den)
    }

    /// To the nearest integer, halves away from zero.
    pub fn round(self) -> Number {
        if self.den == 1 {
            return self;
        }
        let (n, d) = (i128::from(self.num), i128::from(self.den));
        // floor((2|n| + d) / 2d) with the sign put back.
        let r = (2 * n.abs() + d) / (2 * d);
        let r = if n < 0 { -r } else { r };
        Number::from(i64::try_from(r).expect("|round(n/d)| <= |n| for d >= 2"))
    }

    /// `|self|`.
    pub fn checked_abs(self) -> Result<Number, Overflow> {
        if self.num < 0 {
            self.checked_neg()
        } else {
            Ok(self)
        }
    }

    /// Writes the number as a finite decimal (`12`, `1.25`), if its denominator has no prime
    /// factor other than 2 and 5 and it needs at most 18 decimal places.
    pub fn to_decimal(self) -> Option<String> {
        let mut den = self.den;
        let (mut twos, mut fives) = (0u32, 0u32);
        while den % 2 == 0 {
            den /= 2;
            twos += 1;
        }
        while den % 5 == 0 {
            den /= 5;
            fives += 1;
        }
        if den != 1 {
            return None;
        }
        let places = twos.max(fives);
        // Literals carry at most 18 decimal places; more would not read back.
        if places > 18 {
            return None;
        }
        if places == 0 {
            return Some(self.num.to_string());
        }
        // num / den = num * 2^(places-twos) * 5^(places-fives) / 10^places
        let scale = 2u128.pow(places - twos) * 5u128.pow(places - fives);
        let scaled = u128::from(self.num.unsigned_abs()) * scale;
        let pow = 10u128.pow(places);
        let int = scaled / pow;
        let frac = scaled % pow;
        let mut frac = format!("{frac:0width$}", width = places as usize);
        while frac.ends_with('0') {
            frac.pop();
        }
        let sign = if self.num < 0 { "-" } else { "" };
        Some(format!("{sign}{int}.{frac}"))
    }

    /// Parses a decimal literal `digits ["." digits]` (no sign). `None` when it is malformed or
    /// does not fit.
    pub fn parse_decimal(text: &str) -> Option<Number> {
        let (int, frac) = match text.split_once('.') {
            Some((i, f)) => (i, f),
            None => (text, ""),
        };
        if int.is_empty()
            || !int.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || (text.contains('.') && frac.is_empty())
        {
            return None;
        }
        let frac = frac.trim_end_matches('0');
        // At most 18 fraction digits keeps 10^places inside i64.
        if frac.len() > 18 {
            return None;
        }
        let mut num: i128 = 0;
        for b in int.bytes().chain(frac.bytes()) {
            num = num.checked_mul(10)?.checked_add(i128::from(b - b'0'))?;
            if num > i128::from(i64::MAX) * 10i128.pow(18) {
                return None;
            }
        }
        let den = 10i128.pow(frac.len() as u32);
        Number::from_i128(num, den).ok()
    }
}

impl From<i64> for Number {
    fn from(n: i64) -> Number {
        Number { num: n, den: 1 }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

/// `12`, or `-7/2` for a fraction.
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Number {
    type Err = Overflow;

    /// Reads `12`, `-7/2` or a decimal `1.25` / `-0.5`.
    fn from_str(text: &str) -> Result<Number, Overflow> {
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let value = if let Some((n, d)) = body.split_once('/') {
            let n: i64 = n.parse().map_err(|_| Overflow)?;
            let d: i64 = d.parse().map_err(|_| Overflow)?;
            Number::new(n, d).ok_or(Overflow)?
        } else {
            Number::parse_decimal(body).ok_or(Overflow)?
        };
        if negative {
            value.checked_neg()
        } else {
            Ok(value)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(a: i64, b: i64) -> Number {
        Number::new(a, b).expect("valid")
    }

    #[test]
    fn arithmetic_is_exact() {
        assert_eq!(n(1, 3).checked_add(n(1, 6)), Ok(n(1, 2)));
        assert_eq!(n(1, 3).checked_mul(n(3, 1)), Ok(Number::from(1)));
        assert_eq!(
            Number::from(7).checked_div(Number::from(2)),
            Some(Ok(n(7, 2)))
        );
        assert_eq!(Number::from(1).checked_div(Number::ZERO), None);
        assert_eq!(
            Number::from(i64::MAX).checked_add(Number::ONE),
            Err(Overflow)
        );
        assert_eq!(Number::from(i64::MIN).checked_neg(), Err(Overflow));
        assert_eq!(
            Number::from(i64::MIN).checked_div(Number::from(-1)),
            Some(Err(Overflow))
        );
    }

    #[test]
    fn rounding_modes() {
        assert_eq!(n(-7, 2).floor(), Number::from(-4));
        assert_eq!(n(-7, 2).ceil(), Number::from(-3));
        assert_eq!(n(-7, 2).trunc(), Number::from(-3));
        assert_eq!(n(-7, 2).round(), Number::from(-4));
        assert_eq!(n(7, 2).round(), Number::from(4));
        assert_eq!(n(5, 3).round(), Number::from(2));
        assert_eq!(n(4, 3).round(), Number::from(1));
    }

    #[test]
    fn remainder_takes_the_divisor_sign() {
        let rem = |a: i64, b: i64| Number::from(a).checked_rem(Number::from(b)).map(|r| r.ok());
        assert_eq!(rem(7, 3), Some(Some(Number::from(1))));
        assert_eq!(rem(-7, 3), Some(Some(Number::from(2))));
        assert_eq!(rem(7, -3), Some(Some(Number::from(-2))));
        assert_eq!(rem(i64::MIN, -1), Some(Some(Number::ZERO)));
        assert_eq!(n(7, 2).checked_rem(Number::from(2)), Some(Ok(n(3, 2))));
    }

    #[test]
    fn decimals_round_trip() {
        for text in ["0", "12", "1.25", "0.5", "0.001"] {
            let value = Number::parse_decimal(text).expect("parses");
            assert_eq!(value.to_decimal().as_deref(), Some(text));
        }
        assert_eq!(Number::parse_decimal("1.50"), Some(n(3, 2)));
        assert_eq!(Number::parse_decimal("1."), None);
        assert_eq!(Number::parse_decimal("99999999999999999999"), None);
        assert_eq!(n(1, 3).to_decimal(), None);
        assert_eq!(n(-1, 8).to_decimal().as_deref(), Some("-0.125"));
        assert_eq!(n(1, 1 << 62).to_decimal(), None);
        assert_eq!(n(1, 1 << 19).to_decimal(), None);
        assert!(n(1, 1 << 18).to_decimal().is_some());
        let tiny = n(1, 10i64.pow(18));
        assert_eq!(
            Number::parse_decimal(&tiny.to_decimal().expect("18 places")),
            Some(tiny)
        );
    }
}
