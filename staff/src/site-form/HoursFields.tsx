import { useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { DAYS } from "../../../domain/opening-hours";
import { CheckField, Field, messageAt } from "../components/Field";
import type { Site } from "../../../domain/site";
import type { SiteFormValues } from "./form-values";

interface HoursFieldsProps {
  register: UseFormRegister<SiteFormValues>;
  control: Control<SiteFormValues, unknown, Site>;
  errors: FieldErrors<SiteFormValues>;
}

/** The opening hours, one row a weekday: open or closed all day, and its times. Every hours text and the JSON-LD are derived from them. */
export function HoursFields({ register, control, errors }: HoursFieldsProps) {
  // Only this fieldset follows the ticks, so typing elsewhere does not render it again.
  const hours = useWatch({ control, name: "hours" });
  return (
    <fieldset>
      <legend>Opening hours</legend>
      <p className="field-hint">Every hours text on the site and its structured data are made from these.</p>
      {DAYS.map((day) => (
        <div key={day} className={hours[day].open ? "hours-row" : "hours-row hours-row--closed"}>
          <CheckField id={`s-hours-${day}-open`} label={`Open on ${day}`}>
            <input type="checkbox" {...register(`hours.${day}.open`)} />
          </CheckField>
          {hours[day].open ? (
            <>
              <Field id={`s-hours-${day}-opens`} label={`${day} opens`} error={messageAt(errors, `hours.${day}.opens`)}>
                <input type="time" {...register(`hours.${day}.opens`)} />
              </Field>
              <Field id={`s-hours-${day}-closes`} label={`${day} closes`} error={messageAt(errors, `hours.${day}.closes`)}>
                <input type="time" {...register(`hours.${day}.closes`)} />
              </Field>
            </>
          ) : (
            <p className="muted hours-row__closed">Closed all day</p>
          )}
        </div>
      ))}
    </fieldset>
  );
}
