/** The demo conference's sign-ins, in the order the demo prints them (what the demo tests expect). */
export const DEMO_EMAILS = [
  'chair@ulisboa.example',
  'trackchair@kth.example',
  'reviewer@ed.example',
  'reviewer2@ethz.example',
  'sessionchair@up.example',
  'author@tum.example',
  'author2@uva.example',
  'author3@polimi.example',
];
