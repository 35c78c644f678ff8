//! The proof above the jobs (`prove pnut --combine`): the values of the strings from
//! the empty one down to the jobs' positions, by minimax over the jobs' results, what
//! it still needs (jobs not run, jobs that ran out of budget, positions with no job),
//! and the combined certificate's walk.
//!
//! Jobs are found by their position's class (`certify::class_of`: the reachable unused
//! l-grams and the token, least over the relabellings), so a job stands for every
//! string whose position is of its class, at any depth.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use rustc_hash::FxHashMap;

use crate::solve::pnut::Graph;
use crate::solve::pnut::certify::{class_of, position_of};

/// A position's class.
pub type Class = (u128, u64);

/// What the combine knows of one job.
#[derive(Clone, Debug)]
pub struct Known {
    pub path: PathBuf,
    pub indices: Vec<u8>,
    /// `None`: not run yet; `Some(None)`: ran out of its budget; `Some(Some(w))`:
    /// proven, its mover wins when `w`.
    pub outcome: Option<Option<bool>>,
}

/// A string's value for its mover, as far as the jobs tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Won,
    Lost,
    Open,
}

/// What an open value is waiting for.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Need {
    /// A job not run yet (its file).
    Run(PathBuf),
    /// A job that ran out of its budget and has no jobs for its children yet: its
    /// string (to split it one symbol deeper).
    Split(Vec<u8>),
    /// A position at or below the split's depth with no job (a deleted file?).
    Missing(Vec<u8>),
}

/// The proof above the jobs.
pub struct Tree<'a> {
    pub g: Graph,
    pub depth: usize,
    pub jobs: &'a FxHashMap<Class, Known>,
    memo: FxHashMap<Class, bool>,
    /// What the open values found so far wait for (cleared where a sibling decides).
    pub needs: Vec<Need>,
}

/// The combined strategy: the winner's moves by string, and the strings where a job's
/// part takes over (with the job's class).
#[derive(Default)]
pub struct Strategy {
    pub moves: BTreeMap<Vec<u8>, u8>,
    pub roots: BTreeMap<Vec<u8>, Class>,
}

impl<'a> Tree<'a> {
    pub fn new(g: Graph, depth: usize, jobs: &'a FxHashMap<Class, Known>) -> Self {
        Tree {
            g,
            depth,
            jobs,
            memo: FxHashMap::default(),
            needs: Vec::new(),
        }
    }

    fn l(&self) -> usize {
        self.g.l as usize
    }

    /// The symbols legal after `s` (all of them before l-1 symbols).
    pub fn legal(&self, s: &[u8]) -> Vec<u8> {
        let k = self.g.k as u8;
        if s.len() + 1 < self.l() {
            return (0..k).collect();
        }
        let (u, v) = position_of(self.g, s);
        (0..k)
            .filter(|&c| u >> (v * u64::from(self.g.k) + u64::from(c)) & 1 == 1)
            .collect()
    }

    /// The class of the position after `s` (at least l-1 symbols).
    pub fn class(&self, s: &[u8]) -> Class {
        let (u, v) = position_of(self.g, s);
        class_of(self.g, u, v)
    }

    /// The proven job of `s`'s class, if any.
    fn proven(&self, s: &[u8]) -> Option<(Class, bool)> {
        if s.len() + 1 < self.l() {
            return None;
        }
        let class = self.class(s);
        match self.jobs.get(&class)?.outcome {
            Some(Some(w)) => Some((class, w)),
            _ => None,
        }
    }

    /// The value of the string `s` for its mover.
    pub fn value(&mut self, s: &mut Vec<u8>) -> Value {
        let legal = self.legal(s);
        if legal.is_empty() {
            return Value::Lost;
        }
        if s.len() + 1 < self.l() {
            return self.minimax(s, &legal);
        }
        let class = self.class(s);
        if let Some(&w) = self.memo.get(&class) {
            return if w { Value::Won } else { Value::Lost };
        }
        let v = match self.jobs.get(&class) {
            Some(job) => match job.outcome {
                Some(Some(w)) => {
                    if w {
                        Value::Won
                    } else {
                        Value::Lost
                    }
                }
                None => {
                    self.needs.push(Need::Run(job.path.clone()));
                    Value::Open
                }
                Some(None) => {
                    // Split already when every child that is not over has a job.
                    let split = legal.iter().all(|&c| {
                        s.push(c);
                        let covered =
                            self.legal(s).is_empty() || self.jobs.contains_key(&self.class(s));
                        s.pop();
                        covered
                    });
                    if split {
                        self.minimax(s, &legal)
                    } else {
                        self.needs.push(Need::Split(s.clone()));
                        Value::Open
                    }
                }
            },
            None if s.len() < self.depth => self.minimax(s, &legal),
            None => {
                self.needs.push(Need::Missing(s.clone()));
                Value::Open
            }
        };
        if v != Value::Open {
            self.memo.insert(class, v == Value::Won);
        }
        v
    }

    /// Won when some child is lost, lost when all are won, open otherwise; what open
    /// children need is forgotten when a lost one decides.
    fn minimax(&mut self, s: &mut Vec<u8>, legal: &[u8]) -> Value {
        let mark = self.needs.len();
        let mut open = false;
        for &c in legal {
            s.push(c);
            let v = self.value(s);
            s.pop();
            match v {
                Value::Lost => {
                    self.needs.truncate(mark);
                    return Value::Won;
                }
                Value::Open => open = true,
                Value::Won => {}
            }
        }
        if open { Value::Open } else { Value::Lost }
    }

    /// The winner's strategy from `s`, whose mover wins when `win` (the value must be
    /// known): moves by string down to the proven jobs, where the job's part takes
    /// over. Every reply of the loser is followed.
    pub fn strategy(
        &mut self,
        s: &mut Vec<u8>,
        win: bool,
        out: &mut Strategy,
    ) -> Result<(), String> {
        if let Some((class, w)) = self.proven(s) {
            if w != win {
                return Err(format!("the job of {s:?} contradicts the proof above it"));
            }
            out.roots.insert(s.clone(), class);
            return Ok(());
        }
        let legal = self.legal(s);
        if win {
            for &c in &legal {
                s.push(c);
                let lost = self.value(s) == Value::Lost;
                let r = if lost {
                    out.moves.insert(s[..s.len() - 1].to_vec(), c);
                    self.strategy(s, false, out)
                } else {
                    Ok(())
                };
                s.pop();
                r?;
                if lost {
                    return Ok(());
                }
            }
            return Err(format!(
                "the string {s:?} is won but no symbol leaves a lost one"
            ));
        }
        for &c in &legal {
            s.push(c);
            let r = self.strategy(s, true, out);
            s.pop();
            r?;
        }
        Ok(())
    }
}

/// The distinct needs, in order: jobs to run, jobs to split, missing positions.
pub fn distinct(needs: &[Need]) -> Vec<Need> {
    needs
        .iter()
        .cloned()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}
