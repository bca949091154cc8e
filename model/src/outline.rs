//! The outlines of the preset shapes the writer writes (`ShapeBox::prst`), as every drawing
//! consumer draws them (the preview in pixels, the PDF in points): one geometry, so the two
//! pictures of a slide agree. Computed in `f32`, the unit the drawers work in, from the
//! shape's edges in that unit.

/// A segment of an outline, in the drawer's units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seg {
    Move(f32, f32),
    Line(f32, f32),
    /// Two control points and the end point.
    Cubic([f32; 6]),
    Close,
}

/// The outline of preset `prst` in the box with edges `[left, top, right, bottom]`, with the
/// default adjustments the writer leaves them at (an empty `a:avLst`), as ECMA-376 Part 1's
/// presetShapeDefinitions draw them: `roundRect`, `chevron`, `homePlate`, `rightArrow`.
/// `None` for a rectangle, an ellipse (each drawer has its own exact primitive) and any
/// other preset (drawn as its rectangle).
pub fn preset(prst: &str, edges: [f32; 4]) -> Option<Vec<Seg>> {
    let [l, t, r, b] = edges;
    let (w, h) = (r - l, b - t);
    match prst {
        "roundRect" => Some(round_rect(edges, w.min(h) * 0.16667)),
        "chevron" | "homePlate" | "rightArrow" => Some(polygon(&preset_points(prst, edges))),
        _ => None,
    }
}

/// The corners of `chevron`, `homePlate` and `rightArrow` (any other name: the arrow): `ss`
/// is the shorter side, `vc` the vertical centre.
pub fn preset_points(prst: &str, [l, t, rt, b]: [f32; 4]) -> Vec<(f32, f32)> {
    let (ss, vc) = ((rt - l).min(b - t), (t + b) / 2.0);
    match prst {
        // adj 50000: the point and the notch are ss / 2 deep.
        "chevron" => {
            let x1 = l + ss * 0.5;
            let x2 = rt - ss * 0.5;
            vec![(l, t), (x2, t), (rt, vc), (x2, b), (l, b), (x1, vc)]
        }
        // adj 50000: the point is ss / 2 deep.
        "homePlate" => {
            let x1 = rt - ss * 0.5;
            vec![(l, t), (x1, t), (rt, vc), (x1, b), (l, b)]
        }
        // adj1 50000: the shaft is half the height; adj2 50000: the head is ss / 2 long.
        _ => {
            let dy = (b - t) * 0.25;
            let x2 = rt - ss * 0.5;
            vec![
                (l, vc - dy),
                (x2, vc - dy),
                (x2, t),
                (rt, vc),
                (x2, b),
                (x2, vc + dy),
                (l, vc + dy),
            ]
        }
    }
}

fn polygon(points: &[(f32, f32)]) -> Vec<Seg> {
    let mut out = Vec::with_capacity(points.len() + 1);
    for (i, &(x, y)) in points.iter().enumerate() {
        out.push(if i == 0 {
            Seg::Move(x, y)
        } else {
            Seg::Line(x, y)
        });
    }
    out.push(Seg::Close);
    out
}

/// A rectangle with quarter-circle corners of radius `rad` (cubic approximations).
fn round_rect([l, t, rt, b]: [f32; 4], rad: f32) -> Vec<Seg> {
    let k = rad * 0.447_715; // 1 - 0.552285 (cubic circle constant)
    vec![
        Seg::Move(l + rad, t),
        Seg::Line(rt - rad, t),
        Seg::Cubic([rt - k, t, rt, t + k, rt, t + rad]),
        Seg::Line(rt, b - rad),
        Seg::Cubic([rt, b - k, rt - k, b, rt - rad, b]),
        Seg::Line(l + rad, b),
        Seg::Cubic([l + k, b, l, b - k, l, b - rad]),
        Seg::Line(l, t + rad),
        Seg::Cubic([l, t + k, l + k, t, l + rad, t]),
        Seg::Close,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chevrons_pentagons_and_arrows_are_their_outlines_not_rectangles() {
        let r = [0.0, 0.0, 200.0, 100.0];
        // ss = 100: points and notches 50 deep, the arrow's shaft half the height.
        assert_eq!(
            preset_points("chevron", r),
            [
                (0.0, 0.0),
                (150.0, 0.0),
                (200.0, 50.0),
                (150.0, 100.0),
                (0.0, 100.0),
                (50.0, 50.0)
            ]
        );
        assert_eq!(
            preset_points("homePlate", r),
            [
                (0.0, 0.0),
                (150.0, 0.0),
                (200.0, 50.0),
                (150.0, 100.0),
                (0.0, 100.0)
            ]
        );
        let arrow = preset_points("rightArrow", r);
        assert_eq!(arrow[0], (0.0, 25.0));
        assert_eq!(arrow[3], (200.0, 50.0));
        assert_eq!(arrow[6], (0.0, 75.0));
        let path = preset("rightArrow", r).expect("an outline");
        assert_eq!(path.len(), 8);
        assert_eq!(path.last(), Some(&Seg::Close));
        assert!(preset("rect", r).is_none() && preset("ellipse", r).is_none());
        assert_eq!(preset("roundRect", r).map(|p| p.len()), Some(10));
    }
}
