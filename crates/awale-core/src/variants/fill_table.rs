//! The boards' move tables (where each seed of a sowing lands, what it
//! adds) are computed at compile time, one entry per hole and seed count.
//! A `const fn` can neither run a `for` loop nor take a closure, so the two
//! nested loops every such table needs are written once, here, as a macro.

/// Sets `$table[$h][$n]` to `$value` for every hole `$h` in `0..$holes`
/// and seed count `$n` in `$first..=$last`, in increasing order, in a
/// `const` context; `$value` may read the entries already set (such as
/// `$table[$h][$n - 1]`). Entries outside the ranges keep their value.
macro_rules! fill_table {
    (
        $table:ident[$h:ident in 0..$holes:expr][$n:ident in $first:literal..=$last:expr] =
            $value:expr
    ) => {
        let mut $h = 0;
        while $h < $holes {
            let mut $n = $first;
            while $n <= $last {
                $table[$h][$n] = $value;
                $n += 1;
            }
            $h += 1;
        }
    };
}

pub(crate) use fill_table;

#[cfg(test)]
mod tests {
    /// A cumulative table, as the sowing tables are built.
    const SUMS: [[u32; 5]; 3] = {
        let mut table = [[0u32; 5]; 3];
        fill_table!(table[h in 0..3][n in 1..=4] = table[h][n - 1] + (h * 10 + n) as u32);
        table
    };

    #[test]
    fn every_entry_in_the_ranges_is_set_in_order() {
        assert_eq!(SUMS[0], [0, 1, 3, 6, 10]);
        assert_eq!(SUMS[2], [0, 21, 43, 66, 90]);
    }
}
