/** Every product text of the tributes section (SPEC.md sections 2 and 8), exactly. */
export const TEXTS = {
  noPermission: 'You do not have permission to view this content.',
  empty: {
    flowers: 'No flowers added yet. Be the first to leave one.',
    prayers: 'No prayers yet. Be the first to add one.',
    photos: 'No photo added yet. Be the first to leave one.',
    memorablias: 'No memorablia added yet. Be the first to leave one.',
    documents: 'No document added yet. Be the first to leave one.',
  },
  success: {
    flowers: 'Flower Added Successfully',
    prayers: 'Prayer Created Successfully',
    photos: 'Photo Has Been Added Successfully',
    memorablias: 'Memorablia Has Been Added Successfully',
    documents: 'Document uploaded successfully',
  },
  failure: {
    flowers: 'Error creating flower, please try again.',
    prayers: 'Error creating prayer, please try again.',
    photos: 'Error Adding Photo, please try again.',
    memorablias: 'Error Adding memorablia, please try again.',
    documents: 'Error uploading document, please try again.',
  },
  selectDocument: 'Please select a document to upload.',
  selectPhoto: 'Please select a photo to upload.',
  selectMemorablia: 'Please select a memorablia image to upload.',
  selectFlower: 'Please choose a bouquet or a picture of a flower.',
  writePrayer: 'Please write your prayer.',
  downloadFailed: 'There was an error downloading the document.',
} as const;
