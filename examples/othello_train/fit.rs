//! Ridge least squares over sparse pattern features, by preconditioned conjugate
//! gradients on the normal equations: each sample is a handful of class indices (each
//! with value 1) plus a few dense scalars, so a product with the design matrix costs
//! one pass over the samples.

/// One labelled position.
pub struct Sample {
    /// Class of each pattern instance (indices into the class weights).
    pub classes: Vec<u32>,
    pub scalars: Vec<f64>,
    /// The label, in discs for the mover.
    pub target: f64,
}

/// Weights: one per class, then one per scalar feature.
pub struct Model {
    pub classes: Vec<f64>,
    pub scalars: Vec<f64>,
}

impl Model {
    pub fn predict(&self, s: &Sample) -> f64 {
        let mut v = 0.0;
        for &c in &s.classes {
            v += self.classes[c as usize];
        }
        for (w, f) in self.scalars.iter().zip(&s.scalars) {
            v += w * f;
        }
        v
    }
}

/// Root mean square error of `m` on `set`.
pub fn rmse(m: &Model, set: &[&Sample]) -> f64 {
    let sum: f64 = set.iter().map(|s| (m.predict(s) - s.target).powi(2)).sum();
    (sum / set.len().max(1) as f64).sqrt()
}

/// Flat parameter vector: classes then scalars.
fn flat_predict(x: &[f64], n_classes: usize, s: &Sample) -> f64 {
    let mut v = 0.0;
    for &c in &s.classes {
        v += x[c as usize];
    }
    for (k, f) in s.scalars.iter().enumerate() {
        v += x[n_classes + k] * f;
    }
    v
}

fn add_row(out: &mut [f64], n_classes: usize, s: &Sample, c: f64) {
    for &cl in &s.classes {
        out[cl as usize] += c;
    }
    for (k, f) in s.scalars.iter().enumerate() {
        out[n_classes + k] += c * f;
    }
}

/// Minimises the squared error on `train` (each sample with its weight) plus `lambda` times the squared distance of
/// the class weights from `prior` (the previous phase's, so classes this phase rarely
/// sees keep a sensible value); scalars are not penalised.
pub fn fit(
    train: &[(&Sample, f64)],
    n_classes: usize,
    n_scalars: usize,
    lambda: f64,
    prior: &Model,
) -> Model {
    let n = n_classes + n_scalars;
    let mut rhs = vec![0.0; n];
    let mut diag = vec![0.0; n];
    for (r, p) in rhs.iter_mut().zip(&prior.classes) {
        *r += lambda * p;
    }
    for &(s, w) in train {
        add_row(&mut rhs, n_classes, s, w * s.target);
        for &c in &s.classes {
            diag[c as usize] += w;
        }
        for (k, f) in s.scalars.iter().enumerate() {
            diag[n_classes + k] += w * f * f;
        }
    }
    for d in diag.iter_mut().take(n_classes) {
        *d += lambda;
    }
    let precond: Vec<f64> = diag
        .iter()
        .map(|&d| if d > 0.0 { 1.0 / d } else { 1.0 })
        .collect();
    // The product over the samples in two fixed halves summed at the end, a thread
    // each: the fit's cost is this sum, and a fixed split keeps the result the same
    // from run to run whatever the machine.
    let product = |v: &[f64]| {
        let half = train.len().div_ceil(2);
        let part = |rows: &[(&Sample, f64)]| {
            let mut out = vec![0.0; n];
            for &(s, w) in rows {
                let av = flat_predict(v, n_classes, s);
                add_row(&mut out, n_classes, s, w * av);
            }
            out
        };
        let (first, second) = train.split_at(half.min(train.len()));
        let (mut out, rest) = std::thread::scope(|scope| {
            let other = scope.spawn(|| part(second));
            let mine = part(first);
            (mine, other.join().unwrap_or_else(|_| part(second)))
        });
        for (o, r) in out.iter_mut().zip(&rest) {
            *o += r;
        }
        for (o, x) in out.iter_mut().zip(v).take(n_classes) {
            *o += lambda * x;
        }
        out
    };
    // Start from the prior: unseen classes are already at their answer.
    let mut x: Vec<f64> = prior
        .classes
        .iter()
        .chain(&prior.scalars)
        .copied()
        .collect();
    let ax = product(&x);
    let mut r: Vec<f64> = rhs.iter().zip(&ax).map(|(b, a)| b - a).collect();
    let mut z: Vec<f64> = r.iter().zip(&precond).map(|(a, b)| a * b).collect();
    let mut p = z.clone();
    let mut rz: f64 = r.iter().zip(&z).map(|(a, b)| a * b).sum();
    let rz0 = rz.max(1e-30);
    for _ in 0..300 {
        let ap = product(&p);
        let pap: f64 = p.iter().zip(&ap).map(|(a, b)| a * b).sum();
        if pap <= 0.0 {
            break;
        }
        let alpha = rz / pap;
        for i in 0..n {
            x[i] += alpha * p[i];
            r[i] -= alpha * ap[i];
        }
        z = r.iter().zip(&precond).map(|(a, b)| a * b).collect();
        let rz_new: f64 = r.iter().zip(&z).map(|(a, b)| a * b).sum();
        if rz_new < 1e-10 * rz0 {
            break;
        }
        let beta = rz_new / rz;
        rz = rz_new;
        for i in 0..n {
            p[i] = z[i] + beta * p[i];
        }
    }
    let scalars = x.split_off(n_classes);
    Model {
        classes: x,
        scalars,
    }
}
