import { formatUsd } from "../../domain/money";

/** A price as the public site writes it. */
export const formatPrice = (price: number) => formatUsd(price);

/** A moment in the reader's own time zone, to the minute. */
export const formatTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
};
