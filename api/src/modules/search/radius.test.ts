import { describe, expect, it } from 'vitest';
import { greatCircleMiles as miles } from '../location/distance';
import { boundingBox } from './radius';

describe('the box around a radius', () => {
  it('holds the points exactly the radius away in every direction', () => {
    const centre = { lat: 40.7484, lng: -73.9967 };
    const box = boundingBox(centre, 50);
    for (const edge of [
      { lat: box.north, lng: centre.lng },
      { lat: box.south, lng: centre.lng },
      { lat: centre.lat, lng: box.east },
      { lat: centre.lat, lng: box.west },
    ]) {
      expect(miles(centre, edge)).toBeGreaterThanOrEqual(49.99);
    }
    // Tight enough to help the index: about 100 miles across, not a continent.
    expect(box.north - box.south).toBeLessThan(1.5);
    expect(box.east - box.west).toBeLessThan(2.5);
  });

  it('spans every longitude where the box would cross the antimeridian or near a pole', () => {
    expect(boundingBox({ lat: 52, lng: 179.5 }, 100)).toMatchObject({ west: -180, east: 180 });
    expect(boundingBox({ lat: 89.9, lng: 10 }, 50)).toMatchObject({ west: -180, east: 180, north: 90 });
  });

  it('is a single point for a radius of 0', () => {
    expect(boundingBox({ lat: 30, lng: -90 }, 0)).toEqual({ south: 30, north: 30, west: -90, east: -90 });
  });
});
