// How much of a content part the page gets: the viewer reads with `previewBytes` and shows at most this
// much of each part; the whole part goes from the engine to disk with `content.save`, never through the page.

/** The most of one content part that crosses to the page (text bytes or decoded blob bytes). */
export const READ_PREVIEW_BYTES = 256 * 1024;
