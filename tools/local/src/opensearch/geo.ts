import { errors } from './errors';
import { isObject } from './json';

/** geo_point values, distances and units as OpenSearch reads them. */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/** OpenSearch's (and Lucene's) mean earth radius in metres. */
const EARTH_MEAN_RADIUS = 6_371_008.7714;
const RAD = Math.PI / 180;

/** Great-circle distance in metres (OpenSearch's `arc`, the default). */
export function arcDistance(a: GeoPoint, b: GeoPoint): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** OpenSearch's `plane` distance: faster, inaccurate over long distances and near the poles. */
export function planeDistance(a: GeoPoint, b: GeoPoint): number {
  const x = (b.lon - a.lon) * RAD * Math.cos(((a.lat + b.lat) / 2) * RAD);
  const y = (b.lat - a.lat) * RAD;
  return Math.sqrt(x * x + y * y) * EARTH_MEAN_RADIUS;
}

export type DistanceType = 'arc' | 'plane';
export const distanceFunction = (type: DistanceType) => (type === 'plane' ? planeDistance : arcDistance);

const UNITS: [string[], number][] = [
  [['in', 'inch'], 0.0254],
  [['yd', 'yards'], 0.9144],
  [['ft', 'feet'], 0.3048],
  [['km', 'kilometers'], 1000],
  [['NM', 'nmi', 'nauticalmiles'], 1852],
  [['mm', 'millimeters'], 0.001],
  [['cm', 'centimeters'], 0.01],
  [['mi', 'miles'], 1609.344],
  [['m', 'meters'], 1],
];
const UNIT_METRES = new Map<string, number>(UNITS.flatMap(([names, metres]) => names.map((name) => [name, metres] as [string, number])));

/** Metres in one of a distance unit ("km", "mi", "m", ...). */
export function unitMetres(unit: string): number {
  const metres = UNIT_METRES.get(unit);
  if (metres === undefined) throw errors.illegalArgument(`No distance unit match [${unit}]`);
  return metres;
}

/** A distance like "25km", "1.5mi" or 1000 (metres) to metres. */
export function parseDistance(value: unknown, defaultUnit = 'm'): number {
  if (typeof value === 'number') return value * unitMetres(defaultUnit);
  if (typeof value !== 'string') throw errors.parsing(`[distance] must be a number or a string, not [${JSON.stringify(value)}]`);
  const m = /^\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*([A-Za-z]*)\s*$/.exec(value);
  if (!m) throw errors.parsing(`failed to parse distance [${value}]`);
  return Number(m[1]) * unitMetres(m[2] || defaultUnit);
}

const GEOHASH = '0123456789bcdefghjkmnpqrstuvwxyz';

function decodeGeohash(hash: string): GeoPoint | undefined {
  let even = true;
  const lat = [-90, 90];
  const lon = [-180, 180];
  for (const ch of hash.toLowerCase()) {
    const index = GEOHASH.indexOf(ch);
    if (index === -1) return undefined;
    for (let bit = 4; bit >= 0; bit--) {
      const range = even ? lon : lat;
      const mid = (range[0]! + range[1]!) / 2;
      if ((index >> bit) & 1) range[0] = mid;
      else range[1] = mid;
      even = !even;
    }
  }
  return { lat: (lat[0]! + lat[1]!) / 2, lon: (lon[0]! + lon[1]!) / 2 };
}

function coordinate(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return Number.NaN;
}

function checked(point: GeoPoint, field: string): GeoPoint {
  if (!Number.isFinite(point.lat) || point.lat < -90 || point.lat > 90) throw errors.illegalArgument(`illegal latitude value [${point.lat}] for ${field}`);
  if (!Number.isFinite(point.lon) || point.lon < -180 || point.lon > 180) throw errors.illegalArgument(`illegal longitude value [${point.lon}] for ${field}`);
  return point;
}

/**
 * One point in any of OpenSearch's forms: {lat, lon}; "lat,lon"; [lon, lat]; a geohash; "POINT (lon lat)";
 * GeoJSON {type: "Point", coordinates: [lon, lat]}. Throws illegal_argument/parsing errors for anything else.
 */
export function parseGeoPoint(value: unknown, field = 'geo_point'): GeoPoint {
  if (isObject(value)) {
    if (value.type !== undefined || value.coordinates !== undefined) {
      if (typeof value.type !== 'string' || value.type.toLowerCase() !== 'point' || !Array.isArray(value.coordinates)) {
        throw errors.parsing(`[${field}] GeoJSON must be a Point with coordinates`);
      }
      return parseGeoPoint(value.coordinates, field);
    }
    const keys = Object.keys(value);
    if (keys.some((key) => key !== 'lat' && key !== 'lon')) throw errors.parsing(`field must be either [lat], [lon] or [geohash]`);
    if (value.lat === undefined) throw errors.parsing('field [lat] missing');
    if (value.lon === undefined) throw errors.parsing('field [lon] missing');
    return checked({ lat: coordinate(value.lat), lon: coordinate(value.lon) }, field);
  }
  if (Array.isArray(value)) {
    if (value.length < 2 || value.length > 3 || !value.every((v) => typeof v === 'number')) throw errors.parsing(`[${field}] geo_point expected as [lon, lat]`);
    return checked({ lon: value[0] as number, lat: value[1] as number }, field);
  }
  if (typeof value === 'string') {
    const wkt = /^\s*POINT\s*\(\s*(\S+)\s+(\S+)\s*\)\s*$/i.exec(value);
    if (wkt) return checked({ lon: coordinate(wkt[1]), lat: coordinate(wkt[2]) }, field);
    if (value.includes(',')) {
      const [lat, lon, ...rest] = value.split(',');
      if (rest.length > 1) throw errors.parsing(`failed to parse [${value}] as a point`);
      return checked({ lat: coordinate(lat?.trim()), lon: coordinate(lon?.trim()) }, field);
    }
    const hashed = decodeGeohash(value.trim());
    if (hashed && value.trim().length > 0) return hashed;
  }
  throw errors.parsing(`[${field}] failed to parse geo point from [${JSON.stringify(value)}]`);
}

/**
 * A document's geo_point value: one point, or several ([{lat,lon}, ...], ["lat,lon", ...], [[lon,lat], ...]).
 * A two-number array is one point ([lon, lat]), never two values.
 */
export function parseGeoPoints(value: unknown, field: string): GeoPoint[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => typeof v === 'number')) return [parseGeoPoint(value, field)];
    return value.filter((v) => v !== null).map((v) => parseGeoPoint(v, field));
  }
  return [parseGeoPoint(value, field)];
}
