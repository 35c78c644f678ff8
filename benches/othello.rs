//! Othello engine benchmarks (perft, FFO endgames). Run: cargo bench --bench othello

fn main() {
    divan::main();
}
