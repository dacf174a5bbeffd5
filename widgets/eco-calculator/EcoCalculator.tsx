import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  MILES_PER_WEEK_MAX,
  MILES_PER_WEEK_MIN,
  TIME_FRAMES,
  USAGE_TYPES,
  calculateEcoImpact,
  isMilesPerWeek,
  isTimeFrame,
  isUsageType,
  type EcoInput,
  type EcoResult,
  type TimeFrame,
  type UsageType,
} from "../../domain/eco-calculator";
import { formatUsd } from "../../domain/money";
import type { WidgetProps } from "../shared/define-widget";
import { emit } from "../shared/events";
import { useReportedProblems } from "../shared/report";
import { useWidgetEvents } from "../shared/analytics";
import { Heading, distinctLabel, headingLevel } from "../shared/headings";
import { useReducedMotion } from "../shared/use-reduced-motion";
import { useShownResult } from "../shared/show-result";
import { defaultsFromAttributes } from "./eco-attributes";
import { ECO_FIGURES, formatCount, formatWhole } from "./eco-figures";
import { useCountUp } from "./use-count-up";

export const TAG = "gc-eco-calculator";

/** How long the button reads 'Calculating...' before the results show (spec §4 "Calculator": the pause before the results). */
export const CALCULATING_MS = 1500;
/** How long the celebration banner stays up (spec §4 "Calculator": the banner shows, then hides). */
export const CELEBRATION_MS = 3000;

export const MILES_MESSAGE = `Enter the miles you drive per week as a number from ${MILES_PER_WEEK_MIN} to ${MILES_PER_WEEK_MAX}, for example 25.`;

export interface EcoCalculatorProps {
  /** Default miles per week (1-500). */
  miles?: string;
  /** Default usage type: recreational, residential, commercial or golf-course. */
  usage?: string;
  /** Default time frame in years: 1, 3, 5 or 10. */
  years?: string;
  /** The level of the results' heading, 1 to 6; default 3. */
  headingLevel?: number;
  /** A label naming the page or partner, sent with gc-ready and gc-action. */
  source?: string;
}

type Run = { id: number; input: EcoInput; result: EcoResult };

const USAGE_ENTRIES = Object.entries(USAGE_TYPES) as [UsageType, (typeof USAGE_TYPES)[UsageType]][];
const yearsLabel = (y: number) => `${y} ${y === 1 ? "Year" : "Years"}`;

/** The eco-savings calculator: inputs, a short 'Calculating...' pause, then figures that count up. */
export function EcoCalculator({ miles, usage, years, headingLevel: levelAttr, source, host }: EcoCalculatorProps & WidgetProps) {
  useWidgetEvents(host, TAG, source, true);
  const level = headingLevel(levelAttr, 3);
  const { input: defaults, warnings } = defaultsFromAttributes({ miles, usage, years });

  const [milesText, setMilesText] = useState(String(defaults.milesPerWeek));
  const [usageType, setUsageType] = useState<UsageType>(defaults.usage);
  const [timeFrame, setTimeFrame] = useState<TimeFrame>(defaults.years);
  const [milesInvalid, setMilesInvalid] = useState(false);
  const [calculating, setCalculating] = useState(false);
  const [celebrating, setCelebrating] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const reducedMotion = useReducedMotion();
  const progress = useCountUp(run?.id, reducedMotion);
  const ids = useId();
  const resultsRef = useRef<HTMLElement>(null);
  const milesRef = useRef<HTMLInputElement>(null);
  useShownResult(resultsRef, run?.id);
  useShownResult(milesRef, milesInvalid);

  useReportedProblems(host, TAG, ...warnings);

  // New defaults from changed attributes replace the inputs; the first render's are already in them (and what a
  // visitor typed before the script ran stays).
  const { milesPerWeek: milesDefault, usage: usageDefault, years: yearsDefault } = defaults;
  const firstDefaults = useRef(true);
  useEffect(() => {
    if (firstDefaults.current) return void (firstDefaults.current = false);
    setMilesText(String(milesDefault));
    setUsageType(usageDefault);
    setTimeFrame(yearsDefault);
  }, [milesDefault, usageDefault, yearsDefault]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  useEffect(() => {
    if (run) emit(host, "gc-calculated", { ...run.result, ...run.input });
  }, [host, run]);

  const later = (ms: number, fn: () => void) => {
    timers.current.push(setTimeout(fn, ms));
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (calculating) return;
    const milesPerWeek = milesText.trim() === "" ? NaN : Number(milesText);
    if (!isMilesPerWeek(milesPerWeek)) {
      // A field message and no figures: -5, 0 or 9999 miles would only give nonsense (negative or absurd savings).
      setMilesInvalid(true);
      setRun(null);
      return;
    }
    const input: EcoInput = { milesPerWeek, usage: usageType, years: timeFrame };
    setCalculating(true);
    later(CALCULATING_MS, () => {
      setCalculating(false);
      setRun((prev) => ({ id: (prev?.id ?? 0) + 1, input, result: calculateEcoImpact(input) }));
      setCelebrating(true);
      later(CELEBRATION_MS, () => setCelebrating(false));
    });
  }

  const milesId = `${ids}-miles`;
  const errorId = `${ids}-miles-error`;
  const final = run?.result;

  return (
    <div className="gc-eco" part="root">
      <form className="gc-eco__form" part="form" onSubmit={onSubmit} noValidate aria-label={distinctLabel(host, "Eco-impact calculator")}>
        <div className="gc-field">
          <label htmlFor={milesId}>Miles per week</label>
          <input
            ref={milesRef}
            id={milesId}
            part="input"
            type="number"
            inputMode="decimal"
            min={MILES_PER_WEEK_MIN}
            max={MILES_PER_WEEK_MAX}
            value={milesText}
            aria-invalid={milesInvalid || undefined}
            aria-describedby={milesInvalid ? errorId : undefined}
            onChange={(e) => {
              setMilesText(e.currentTarget.value);
              setMilesInvalid(false);
            }}
          />
        </div>
        <div className="gc-field">
          <label htmlFor={`${ids}-usage`}>Usage type</label>
          <select
            id={`${ids}-usage`}
            part="select"
            value={usageType}
            onChange={(e) => isUsageType(e.currentTarget.value) && setUsageType(e.currentTarget.value)}
          >
            {USAGE_ENTRIES.map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="gc-field">
          <label htmlFor={`${ids}-years`}>Time frame</label>
          <select
            id={`${ids}-years`}
            part="select"
            value={String(timeFrame)}
            onChange={(e) => {
              const y = Number(e.currentTarget.value);
              if (isTimeFrame(y)) setTimeFrame(y);
            }}
          >
            {TIME_FRAMES.map((y) => (
              <option key={y} value={String(y)}>
                {yearsLabel(y)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="gc-btn gc-eco__submit" part="button" aria-disabled={calculating || undefined}>
          {calculating ? "Calculating..." : "Calculate Impact"}
        </button>
        {milesInvalid && (
          <p id={errorId} className="gc-eco__error" part="error" role="alert">
            {MILES_MESSAGE}
          </p>
        )}
      </form>

      <p className="gc-visually-hidden" role="status">
        {calculating ? "Calculating..." : run ? summary(run.result, run.input) : ""}
      </p>

      {run && final ? (
        <section className="gc-eco__results" part="results" ref={resultsRef} aria-label={distinctLabel(host, "Your eco impact")}>
          {/* The banner lies over the heading in one grid cell that is always as tall as the taller of the two, so nothing moves when it comes or goes. */}
          <div className="gc-eco__head">
            <header className="gc-eco__results-head">
              <Heading level={level} className="gc-eco__results-title">
                Your impact over {yearsLabel(run.input.years).toLowerCase()}
              </Heading>
              <p>
                {formatWhole(final.totalMiles)} electric miles · {USAGE_TYPES[run.input.usage].label}
              </p>
            </header>
            <div className="gc-eco__banner" part="banner" aria-hidden={celebrating ? undefined : "true"}>
              <svg className="gc-eco__banner-icon" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M20 3C10 3 4 8.5 4 15.5c0 1.6.4 3 1 4.2C7 13 11.5 9.6 16 8c-4 2.6-7.4 6.4-9 11.6 1.3 1 2.9 1.4 4.6 1.4C18.3 21 21 14 20 3Z"
                  fill="currentColor"
                />
              </svg>
              <div>
                <strong>Great Choice for the Environment!</strong>
                <span>Your switch to electric saves the planet and your wallet</span>
              </div>
            </div>
          </div>
          <dl className="gc-figures">
            {ECO_FIGURES.map((f) => (
              <div key={f.key} className={`gc-figure${f.highlight ? " gc-figure--highlight" : ""}`} part={f.highlight ? "figure figure-highlight" : "figure"}>
                <dt>{f.label}</dt>
                <dd data-figure={f.key}>{f.format(final[f.key] * progress)}</dd>
                {f.sub && (
                  <dd data-figure={f.sub.key} className="gc-figure__sub">
                    {f.sub.format(final[f.sub.key] * progress)}
                  </dd>
                )}
              </div>
            ))}
          </dl>
        </section>
      ) : (
        // It keeps the results' room while they are calculated, so they appear without moving the page below.
        <p className="gc-eco__hint">{calculating ? "" : "Enter your weekly miles and press Calculate Impact to see what going electric saves."}</p>
      )}
    </div>
  );
}

/** The one sentence a screen reader hears when results show (the counting figures stay quiet). */
function summary(r: EcoResult, input: EcoInput): string {
  return `Over ${yearsLabel(input.years).toLowerCase()}: ${formatCount(r.co2Saved, "lb", "lbs")} of CO2 and ${formatCount(r.fuelSaved, "gallon", "gallons")} of fuel saved, net savings ${formatUsd(r.netSavings)}.`;
}
