//! An exact count, however large: the solutions of a long help problem multiply at
//! every free choice along the way (kato-107b_4197 has more than 2⁶⁴ shortest
//! solutions), and a count that saturates or wraps would be a wrong answer.

use std::fmt;

/// A natural number: 64-bit limbs, least significant first, without high zero limbs
/// (zero has none).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Count {
    limbs: Vec<u64>,
}

impl From<u64> for Count {
    fn from(n: u64) -> Count {
        Count {
            limbs: if n == 0 { Vec::new() } else { vec![n] },
        }
    }
}

impl PartialEq<u64> for Count {
    fn eq(&self, n: &u64) -> bool {
        self.to_u64() == Some(*n)
    }
}

impl Count {
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The count, if it fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [n] => Some(*n),
            _ => None,
        }
    }

    /// Whether the count is above `n`.
    pub fn exceeds(&self, n: u64) -> bool {
        self.to_u64().is_none_or(|c| c > n)
    }

    pub fn add(&mut self, other: &Count) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = false;
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let theirs = other.limbs.get(i).copied().unwrap_or(0);
            if i >= other.limbs.len() && !carry {
                break;
            }
            let (sum, over) = limb.overflowing_add(theirs);
            let (sum, over_carry) = sum.overflowing_add(u64::from(carry));
            *limb = sum;
            carry = over || over_carry;
        }
        if carry {
            self.limbs.push(1);
        }
    }

    /// The count less `n`, or zero if it is not above `n`.
    pub fn minus(&self, n: u64) -> Count {
        if !self.exceeds(n) {
            return Count::default();
        }
        let mut out = self.clone();
        let mut borrow = n;
        for limb in out.limbs.iter_mut() {
            let (diff, under) = limb.overflowing_sub(borrow);
            *limb = diff;
            borrow = u64::from(under);
            if borrow == 0 {
                break;
            }
        }
        while out.limbs.last() == Some(&0) {
            out.limbs.pop();
        }
        out
    }
}

impl Count {
    /// Most digits shown in full by [`Count::short`].
    pub const SHORT_DIGITS: usize = 30;

    /// For reading: every digit up to [`Count::SHORT_DIGITS`], else the leading four
    /// and the power of ten (`7.089·10^993`: jugemu3_49909's count has 994 digits).
    pub fn short(&self) -> String {
        let digits = self.to_string();
        if digits.len() <= Count::SHORT_DIGITS {
            return digits;
        }
        format!("{}.{}·10^{}", &digits[..1], &digits[1..4], digits.len() - 1)
    }
}

impl fmt::Display for Count {
    /// In decimal, every digit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const CHUNK: u128 = 10_000_000_000_000_000_000; // 10¹⁹, the most a u64 holds
        let mut rest = self.limbs.clone();
        let mut chunks = Vec::new();
        while !rest.is_empty() {
            let mut remainder: u128 = 0;
            for limb in rest.iter_mut().rev() {
                let part = (remainder << 64) | u128::from(*limb);
                *limb = (part / CHUNK) as u64;
                remainder = part % CHUNK;
            }
            while rest.last() == Some(&0) {
                rest.pop();
            }
            chunks.push(remainder as u64);
        }
        let Some((first, lower)) = chunks.split_last() else {
            return f.pad("0");
        };
        let mut text = first.to_string();
        for chunk in lower.iter().rev() {
            text.push_str(&format!("{chunk:019}"));
        }
        f.pad(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::Count;

    fn power_of_two(n: u32) -> Count {
        let mut c = Count::from(1);
        for _ in 0..n {
            let twice = c.clone();
            c.add(&twice);
        }
        c
    }

    #[test]
    fn small_counts_are_u64s() {
        assert_eq!(Count::default().to_string(), "0");
        assert!(Count::default().is_zero());
        assert_eq!(Count::from(0), Count::default());
        assert_eq!(Count::from(1).to_string(), "1");
        assert_eq!(Count::from(u64::MAX).to_u64(), Some(u64::MAX));
        assert!(Count::from(2).exceeds(1) && !Count::from(1).exceeds(1));
    }

    #[test]
    fn sums_carry_past_64_bits_and_print_every_digit() {
        let mut c = Count::from(u64::MAX);
        c.add(&Count::from(1));
        assert_eq!(c.to_u64(), None);
        assert!(c.exceeds(u64::MAX));
        assert_eq!(c.to_string(), "18446744073709551616");
        assert_eq!(c, power_of_two(64));
        assert_eq!(power_of_two(128).to_string(), "340282366920938463463374607431768211456");
        // A chunk of 10¹⁹ with leading zeros inside the number.
        assert_eq!(
            power_of_two(200).to_string(),
            "1606938044258990275541962092341162602522202993782792835301376"
        );
        let mut sum = power_of_two(100);
        sum.add(&Count::from(7));
        assert_eq!(sum.to_string(), "1267650600228229401496703205383");
        assert_eq!(format!("{:>6}", Count::from(42)), "    42");
        assert_eq!(power_of_two(90).short(), "1237940039285380274899124224");
        assert_eq!(power_of_two(200).short(), "1.606·10^60");
    }

    #[test]
    fn taking_away_borrows_across_limbs() {
        assert_eq!(power_of_two(64).minus(1), Count::from(u64::MAX));
        assert_eq!(
            power_of_two(128).minus(1).to_string(),
            "340282366920938463463374607431768211455"
        );
        assert_eq!(Count::from(5).minus(2), Count::from(3));
        assert_eq!(Count::from(5).minus(9), Count::default());
    }
}
