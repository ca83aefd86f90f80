/**
 * Placeholder addresses (scripts/pipeline/stages/validate/placeholders.ts): which host names are
 * reserved for examples, and the addresses found in a text. (The warnings in a build of
 * the fixture: tests/generator/warnings.test.ts; the Building OS site's own addresses and
 * schemas: tests/unit/placeholders.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { isPlaceholderHost, reservedAddresses } from "../../scripts/pipeline/stages/validate/placeholders.ts";

describe("reserved host names", () => {
  it.each([
    "example.com",
    "EXAMPLE.COM.",
    "www.example.com",
    "sub.example.org",
    "deep.sub.example.net",
    "example",
    "x.example",
    "linkedin.example",
    "foo.test",
    "bar.invalid",
    "localhost",
    "app.localhost",
  ])("%s is a placeholder", (host) => {
    expect(isPlaceholderHost(host)).toBe(true);
  });

  it.each([
    "example.co",
    "myexample.com",
    "examples.com",
    "notexample.org",
    "example.com.au",
    "example.company.com",
    "example.comm",
    "test.com",
    "invalid.org",
    "localhost.com",
    "testing",
    "mytest",
    "hooks.zapier.com",
    "calendly.com",
    "127.0.0.1",
  ])("%s is not", (host) => {
    expect(isPlaceholderHost(host)).toBe(false);
  });
});

describe("addresses in a text", () => {
  const found = (text: string, email = false) => reservedAddresses(text, email).map((f) => [f.address, f.host, f.index, f.whole]);

  it("finds a whole http(s) address, with its first reserved host", () => {
    expect(found("https://help.example.com")).toEqual([["https://help.example.com", "help.example.com", 0, true]]);
    expect(found("http://localhost:3000/x")).toEqual([["http://localhost:3000/x", "localhost", 0, true]]);
    expect(found("HTTPS://Calendar.Test/demo")).toEqual([["HTTPS://Calendar.Test/demo", "calendar.test", 0, true]]);
  });

  it("finds mailto: addresses, with a subject or several recipients", () => {
    expect(found("mailto:hello@example.com?subject=Hi")).toEqual([["mailto:hello@example.com?subject=Hi", "example.com", 0, true]]);
    expect(found("mailto:a@urbi.ca,b@bar.invalid")).toEqual([["mailto:a@urbi.ca,b@bar.invalid", "bar.invalid", 0, true]]);
    expect(found("mailto:a@urbi.ca")).toEqual([]);
  });

  it("finds addresses inside Markdown and sentences, without the punctuation that ends them", () => {
    const text = "See the [help centre](https://help.example.com/start), <https://x.example> or https://foo.test/a.";
    expect(found(text)).toEqual([
      ["https://help.example.com/start", "help.example.com", text.indexOf("https://help"), false],
      ["https://x.example", "x.example", text.indexOf("https://x."), false],
      ["https://foo.test/a", "foo.test", text.indexOf("https://foo"), false],
    ]);
  });

  it("reads an e-mail address as one only in a field that holds one", () => {
    expect(found("hello@example.com", true)).toEqual([["hello@example.com", "example.com", 0, true]]);
    expect(found("hello@urbi.ca", true)).toEqual([]);
    expect(found("Write to hello@example.com")).toEqual([]);
  });

  it("ignores look-alikes, addresses of this site, host names and words that merely contain a scheme", () => {
    for (const text of [
      "https://example.co",
      "https://myexample.com/x",
      "https://examples.com",
      "https://notexample.org",
      "https://www.example.com.au",
      "/api/leads",
      "/pricing#example.com",
      "preview.example.com",
      "localhost",
      "www.example.com",
      "xhttps://a.test",
      "tel:+15555550100",
    ])
      expect(found(text), text).toEqual([]);
  });
});
