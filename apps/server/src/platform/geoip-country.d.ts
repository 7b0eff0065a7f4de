declare module 'geoip-country' {
  interface GeoHit {
    country: string;
    name: string;
  }
  const geoip: { lookup(ip: string): GeoHit | null };
  export default geoip;
}
