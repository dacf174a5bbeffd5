import type { Catalogue, Series } from "../../domain/catalogue";
import { modelCountLabel, SERIES_CARD_MAX_MODELS } from "../../domain/catalogue";
import { formatUsd } from "../../domain/money";
import { modelSlug } from "../../domain/slug";
import { CheckList } from "./CheckList";

/** "+2 more models" / "+1 more model" under a series card's first model links. */
export const moreModelsLabel = (n: number): string => `+${n} more ${n === 1 ? "model" : "models"}`;

/** A series card: image, count badge, starting price from the catalogue, three features and model links, each named as the catalogue names it. */
export function SeriesCard({ series, catalogue }: { series: Series; catalogue: Catalogue }) {
  const models = catalogue.seriesModels(series);
  const from = catalogue.startingPrice(series);
  const shown = models.slice(0, SERIES_CARD_MAX_MODELS);
  const more = models.length - shown.length;
  return (
    <article className="card series-card">
      <div className="series-card__media">
        <img src={`/images/series/${series.id}.svg`} alt="" width="800" height="500" loading="lazy" decoding="async" />
        <span className="badge badge--count">{modelCountLabel(models.length)}</span>
      </div>
      <h3>{series.title}</h3>
      {from === undefined ? null : <p className="price-text">Starting at {formatUsd(from)}</p>}
      <p>{series.description}</p>
      <CheckList items={series.features.slice(0, 3)} />
      <p className="series-card__models-title">Models</p>
      <ul className="model-links">
        {shown.map((name) => (
          <li key={name}>
            <a href={`/vehicles/${modelSlug(name)}`}>{catalogue.get(name).name}</a>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="muted">{moreModelsLabel(more)}</p> : null}
    </article>
  );
}
