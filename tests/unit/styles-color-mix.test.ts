/**
 * dropExactColorMixes (scripts/pipeline/stages/render/styles.ts): Tailwind's second copy of
 * a colour with opacity goes only where the first is the same colour.
 */
import { describe, expect, it } from "vitest";
import { dropExactColorMixes } from "../../scripts/pipeline/stages/render/styles.ts";

const theme = "@layer theme{:root{--color-white:#fff;--color-brand-600:#2554eb}}";
const pair = (sel: string, prop: string, fallback: string, mix: string) =>
  `${sel}{${prop}:${fallback}}@supports (color:color-mix(in lab, red, red)){${sel}{${prop}:${mix}}}`;

describe("dropExactColorMixes", () => {
  it("keeps the hex fallback of a theme colour declared once and drops its color-mix copy", () => {
    const css = theme + pair(".bg-white\\/10", "background-color", "#ffffff1a", "color-mix(in oklab, var(--color-white) 10%, transparent)");
    expect(dropExactColorMixes(css)).toBe(`${theme}.bg-white\\/10{background-color:#ffffff1a}`);
  });

  it("works inside a media query and for Tailwind's own variables (ring colours)", () => {
    const inner = pair(".hover\\:ring-brand-600\\/40:hover", "--tw-ring-color", "#2554eb66", "color-mix(in oklab, var(--color-brand-600) 40%, transparent)");
    expect(dropExactColorMixes(`${theme}@media (hover:hover){${inner}}`)).toBe(`${theme}@media (hover:hover){.hover\\:ring-brand-600\\/40:hover{--tw-ring-color:#2554eb66}}`);
  });

  it("keeps the color-mix where the fallback is not the colour (currentColor)", () => {
    const css = pair(".hover\\:bg-current\\/10:hover", "background-color", "currentColor", "color-mix(in oklab, currentcolor 10%, transparent)");
    expect(dropExactColorMixes(css)).toBe(css);
  });

  it("keeps it where the theme variable is declared again (a dark mode may change it at run time)", () => {
    const css = `${theme}.dark{--color-white:#000}` + pair(".bg-white\\/10", "background-color", "#ffffff1a", "color-mix(in oklab, var(--color-white) 10%, transparent)");
    expect(dropExactColorMixes(css)).toBe(css);
  });

  it("keeps it where the two rules do not match (another selector or property)", () => {
    const other = `.a{color:#ffffff1a}@supports (color:color-mix(in lab, red, red)){.b{color:color-mix(in oklab, var(--color-white) 10%, transparent)}}`;
    expect(dropExactColorMixes(theme + other)).toBe(theme + other);
  });
});
