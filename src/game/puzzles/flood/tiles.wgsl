// Flood's tiles at rest, the whole board in one square: each cell's look
// (its colour, and whether it is flooded) is a texel of `looks`. A flooded
// cell is flat colour edge to edge; any other is the tile's picture in its
// colour, a thin line of the slab around it. The same colours and picture
// as a tile drawn on its own.
#import bevy_sprite::mesh2d_vertex_output::VertexOutput

const COLOURS: u32 = 10u;

struct Tiles {
    // The board's width and height in cells, and a tile's half side in
    // cells.
    grid: vec4<f32>,
    bevelled: array<vec4<f32>, 10>,
    flat: array<vec4<f32>, 10>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> tiles: Tiles;
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var picture: texture_2d<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(2) var picture_sampler: sampler;
@group(#{MATERIAL_BIND_GROUP}) @binding(3) var looks: texture_2d<f32>;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let size = tiles.grid.xy;
    let p = clamp(in.uv, vec2(0.0), vec2(1.0)) * size;
    let cell = min(vec2<u32>(floor(p)), vec2<u32>(size) - vec2(1u));
    let look = textureLoad(looks, cell, 0);
    let colour = u32(round(look.r * 255.0)) % COLOURS;
    if look.g > 0.5 {
        return tiles.flat[colour];
    }
    // Where in its cell, from its middle.
    let f = p - vec2<f32>(cell) - vec2(0.5);
    let half = tiles.grid.z;
    if abs(f.x) > half || abs(f.y) > half {
        discard;
    }
    let uv = f / (2.0 * half) + vec2(0.5);
    return tiles.bevelled[colour] * textureSampleLevel(picture, picture_sampler, uv, 0.0);
}
