// The `zipcodes` package ships no types; this is the part we use.
declare module 'zipcodes' {
  export interface ZipCode {
    zip: string;
    latitude: number | string;
    longitude: number | string;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    codes: Record<string, ZipCode>;
    lookup(zip: string | number): ZipCode | undefined;
  };
  export default zipcodes;
}
