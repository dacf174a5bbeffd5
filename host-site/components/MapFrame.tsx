import { mapEmbedUrl, type Town } from "../../domain/towns";

/** Zoom level of the "View larger map" link. */
const LINK_ZOOM = 12;

/** An embedded OpenStreetMap frame, loaded lazily, with a title naming the place and the map's attribution. */
export function MapFrame({ title, coordinates, span }: { title: string; coordinates: Town["coordinates"]; span?: number }) {
  const { lat, lng } = coordinates;
  return (
    <figure className="map-frame">
      <iframe title={title} src={mapEmbedUrl(coordinates, span)} loading="lazy" referrerPolicy="no-referrer-when-downgrade" width="800" height="450" />
      <figcaption>
        Map data ©{" "}
        <a href="https://www.openstreetmap.org/copyright" rel="noopener">
          OpenStreetMap contributors
        </a>
        {" · "}
        <a href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${LINK_ZOOM}/${lat}/${lng}`} rel="noopener">
          View larger map
        </a>
      </figcaption>
    </figure>
  );
}
