// The sub-catalog of codes that say what is wrong with one property, query parameter or body part
// (DESIGN §3's `field` errors). Their messages name the field and the limit at hand, so each site
// words its own sentence; the code is declared here once, with its meaning for docs/errors.md, and
// FieldError's type accepts no other (error-catalog.ts declares the rest).

export const FIELD_CODES = {
  required: 'A property the resource needs is missing or empty (also when another property makes it needed).',
  invalid_type: 'The value is not of the property\'s type (a number, a boolean, a date, a list, an object).',
  invalid_value: 'The value has the right type but is not acceptable (out of range, NUL characters, a malformed cursor or date).',
  invalid_format: 'The text does not have the required format (a media type, JSON text, an e-mail address, a URL).',
  unknown_field: 'The body or `fields` names a property the resource does not have.',
  write_once: 'The property is set on creation and cannot be changed.',
  read_only: 'The property cannot be written in the resource\'s current state.',
  min: 'The number is below the smallest allowed.',
  max: 'The number is above the largest allowed.',
  gt: 'The number must be greater than the bound given.',
  min_length: 'The text is shorter than allowed.',
  max_length: 'The text is longer than allowed.',
  one_of: 'The value is not one of the listed values.',
  future: 'A date or date-time that must lie in the future (an expiry) does not.',
  after_start: 'An end date is not after its start date.',
  invalid_reference: 'A link does not point to a resource of the expected type in this store.',
  parent_mismatch: 'A link names another parent than the collection the resource is posted to.',
  invalid_delivery_type: 'The item category\'s delivery type does not allow this resource.',
  unknown_event: 'A webhook subscribes to an event the service does not announce.',
  not_uploaded: 'The staged upload named has not received its bytes yet; PUT the file to its upload URL first.',
  repeated: 'A multipart part was sent more than once.',
  not_a_file: 'A multipart part that must be a file is a plain field.',
  malformed_xml: 'The XML body is not well-formed or not in the <resource><property name="…"> shape.',
  xml_doctype_forbidden: 'The XML body declares a DOCTYPE or entities, which are refused.',
  unknown_zoom: '`zoom` names a relation that cannot be embedded here.',
  zoom_too_deep: '`zoom` nests deeper than allowed; follow links for deeper data.',
  too_costly: 'The request\'s calculated cost (objects it may answer) is above the limit; ask for a smaller limit or fewer zooms.',
  unknown_filter: 'A filter names a property or child that cannot be filtered on.',
  invalid_filter: 'A filter is not of a form this property takes.',
  invalid_order: '`order` names a property or direction that cannot be sorted by.',
} as const;

export type FieldCode = keyof typeof FIELD_CODES;
