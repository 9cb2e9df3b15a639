// The pond's water: the deep colour with slow broad swells, and a net of
// light (caustics) where crossing waves meet, drifting with time. World
// positions, so the pattern stays put while the camera zooms.
#import bevy_sprite::{mesh2d_vertex_output::VertexOutput, mesh2d_view_bindings::globals}

struct Water {
    deep: vec4<f32>,
    light: vec4<f32>,
    // 1 while the water moves, 0 while it stands still.
    flow: f32,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> water: Water;

fn waves(p: vec2<f32>, t: f32) -> f32 {
    var v = sin(p.x * 0.021 + t * 0.55 + sin(p.y * 0.017 + t * 0.40) * 1.7);
    v += sin(p.y * 0.026 - t * 0.45 + sin(p.x * 0.013 - t * 0.30) * 2.1);
    v += sin((p.x - p.y) * 0.017 + t * 0.35);
    return v / 3.0;
}

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let p = in.world_position.xy;
    let t = globals.time * water.flow;
    var ridge = 1.0 - abs(waves(p, t));
    ridge = ridge * ridge;
    ridge = ridge * ridge;
    ridge = ridge * ridge;
    let swell = 0.5 + 0.5 * sin(p.y * 0.0045 + p.x * 0.0021 + t * 0.12);
    var colour = mix(water.deep.rgb * 0.92, water.deep.rgb * 1.08, swell);
    colour = mix(colour, water.light.rgb, ridge * 0.2);
    return vec4(colour, 1.0);
}
