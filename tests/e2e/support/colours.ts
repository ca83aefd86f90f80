/** The header's colours as getComputedStyle gives them (templates/styles.css): transparent over the home page's hero, white with ink text elsewhere. */
export const TRANSPARENT = "rgba(0, 0, 0, 0)";
export const WHITE = "rgb(255, 255, 255)";
export const INK_900 = "rgb(17, 24, 39)";
