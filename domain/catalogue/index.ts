export { seedCatalogue } from "./seed";
export { Catalogue, modelCountLabel } from "./catalogue";
export * from "./series";
export * from "./lineups";
