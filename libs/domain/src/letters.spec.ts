import { conferenceVenue } from './letters.js';

describe('conferenceVenue', () => {
  it('adds the city and country the address does not name, once', () => {
    const c = { city: 'Lisbon', country: 'Portugal' };
    expect(conferenceVenue({ ...c, address: 'Avenida Rovisco Pais 1' })).toBe(
      'Avenida Rovisco Pais 1, Lisbon, Portugal',
    );
    expect(conferenceVenue({ ...c, address: 'Campo Grande, 1749-016 Lisbon, Portugal' })).toBe(
      'Campo Grande, 1749-016 Lisbon, Portugal',
    );
    expect(conferenceVenue({ ...c, address: 'Rua X 5, 1000-001 LISBON' })).toBe(
      'Rua X 5, 1000-001 LISBON, Portugal',
    );
    // a word that merely contains the city is not the city
    expect(conferenceVenue({ ...c, address: 'Lisbonense Hall' })).toBe('Lisbonense Hall, Lisbon, Portugal');
    expect(conferenceVenue({ ...c, address: '' })).toBe('Lisbon, Portugal');
    expect(conferenceVenue({ address: 'Main St 1', city: '', country: '' })).toBe('Main St 1');
  });
});
