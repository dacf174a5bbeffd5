import { describe, expect, it } from "vitest";
import { vinCheckDigit, vinProblem } from "./vin";

describe("VIN check digit", () => {
  it.each([
    // Worked examples of the standard algorithm: remainder 10 is written X.
    ["1M8GDM9AXKP042788", "X"],
    ["LJCPCBLCX11000237", "X"],
    ["11111111111111111", "1"],
    ["1HGCM82633A004352", "3"],
  ])("%s → %s", (vin, digit) => expect(vinCheckDigit(vin)).toBe(digit));
});

describe("what is wrong with a VIN", () => {
  it.each([
    ["1M8GDM9AXKP042788", undefined],
    ["1HGCM82633A004352", undefined],
    ["1HGCM82633A00435", "A VIN has 17 characters; this one has 16"],
    ["1HGCM82633A0043521", "A VIN has 17 characters; this one has 18"],
    ["1HGCM82633A0O4352", 'A VIN has only digits and the letters A–Z without I, O and Q; "O" is not one of them'],
    ["1HGCM82633A00435Q", 'A VIN has only digits and the letters A–Z without I, O and Q; "Q" is not one of them'],
    ["1HGCM82643A004352", 'This VIN\'s check digit (9th character) is "4" but its other characters give "3": a character is mistyped'],
    ["1M8GDM9A1KP042788", 'This VIN\'s check digit (9th character) is "1" but its other characters give "X": a character is mistyped'],
  ])("%s → %s", (vin, problem) => expect(vinProblem(vin)).toBe(problem));
});
