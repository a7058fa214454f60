//! The rules as printed pages: the quick reference and every section laid out with Pango on
//! any cairo context, so that the same code draws the pages of a GtkPrintOperation and of a
//! PDF file (with a bookmark per section). Needs no display.

use crate::ui::rulebook::quick_reference;
use crate::ui::rulebook::sections::{self, Section};
use crate::ui::tr;
use pangocairo::pango;
use std::path::Path;

/// A4 in points.
pub const PAGE_WIDTH: f64 = 595.0;
pub const PAGE_HEIGHT: f64 = 842.0;
const MARGIN: f64 = 54.0;

/// What is printed: headings (with their depth, for sizes and bookmarks) and paragraphs.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Title(String),
    Heading { text: String, depth: usize },
    Paragraph(String),
}

/// The whole document in reading order: title, quick reference, then the rules.
pub fn blocks() -> Vec<Block> {
    let mut out = vec![
        Block::Title(tr("Fief: France 1429 — the rules")),
        Block::Heading {
            text: tr("Quick reference"),
            depth: 1,
        },
    ];
    for (head, lines) in quick_reference::sections() {
        out.push(Block::Heading {
            text: head,
            depth: 2,
        });
        out.extend(lines.into_iter().map(Block::Paragraph));
    }
    for s in sections::sections() {
        out.push(heading(&s));
        out.extend(s.paragraphs.into_iter().map(Block::Paragraph));
    }
    out
}

fn heading(s: &Section) -> Block {
    Block::Heading {
        text: s.heading(),
        depth: s.depth(),
    }
}

/// A block placed on a page: its index in `blocks` and its top, in points from the page top.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    pub block: usize,
    pub y: f64,
}

fn font(b: &Block) -> &'static str {
    match b {
        Block::Title(_) => "Serif Bold 20",
        Block::Heading { depth: 1, .. } => "Serif Bold 15",
        Block::Heading { depth: 2, .. } => "Serif Bold 12",
        Block::Heading { .. } => "Serif Bold Italic 11",
        Block::Paragraph(_) => "Serif 10",
    }
}

fn text(b: &Block) -> &str {
    match b {
        Block::Title(t) | Block::Paragraph(t) => t,
        Block::Heading { text, .. } => text,
    }
}

/// Space above a block.
fn gap(b: &Block) -> f64 {
    match b {
        Block::Title(_) => 0.0,
        Block::Heading { depth: 1, .. } => 18.0,
        Block::Heading { .. } => 12.0,
        Block::Paragraph(_) => 5.0,
    }
}

fn layout(cr: &cairo::Context, b: &Block, width: f64) -> pango::Layout {
    let l = pangocairo::functions::create_layout(cr);
    // Font sizes in points whatever the device: 72 units per inch, as the page is measured.
    pangocairo::functions::context_set_resolution(&l.context(), 72.0);
    l.context().changed();
    l.set_font_description(Some(&pango::FontDescription::from_string(font(b))));
    l.set_width((width * pango::SCALE as f64) as i32);
    l.set_wrap(pango::WrapMode::WordChar);
    l.set_text(text(b));
    l
}

/// Splits the blocks into pages of `height` points (text `width` points wide); a heading is
/// never left alone at the foot of a page.
pub fn paginate(
    cr: &cairo::Context,
    blocks: &[Block],
    width: f64,
    height: f64,
) -> Vec<Vec<Placed>> {
    let inner_w = width - 2.0 * MARGIN;
    let bottom = height - MARGIN;
    let heights: Vec<f64> = blocks
        .iter()
        .map(|b| layout(cr, b, inner_w).pixel_size().1 as f64)
        .collect();
    let mut pages: Vec<Vec<Placed>> = vec![Vec::new()];
    let mut y = MARGIN;
    for (i, b) in blocks.iter().enumerate() {
        let page_empty = pages.last().is_some_and(|p| p.is_empty());
        let top = if page_empty { MARGIN } else { y + gap(b) };
        // A heading needs room for itself and the first lines of what follows.
        let keep = match b {
            Block::Heading { .. } => heights.get(i + 1).copied().unwrap_or(0.0).min(40.0) + 6.0,
            _ => 0.0,
        };
        if !page_empty && top + heights[i] + keep > bottom {
            pages.push(Vec::new());
            y = MARGIN;
        } else {
            y = top;
        }
        if let Some(p) = pages.last_mut() {
            p.push(Placed { block: i, y });
        }
        y += heights[i];
    }
    pages
}

/// Draws page `n` (0-based) of `pages`.
pub fn draw_page(
    cr: &cairo::Context,
    blocks: &[Block],
    pages: &[Vec<Placed>],
    n: usize,
    width: f64,
    height: f64,
) {
    let Some(page) = pages.get(n) else { return };
    let inner_w = width - 2.0 * MARGIN;
    cr.set_source_rgb(0.1, 0.08, 0.05);
    for p in page {
        let b = &blocks[p.block];
        let l = layout(cr, b, inner_w);
        cr.move_to(MARGIN, p.y);
        pangocairo::functions::show_layout(cr, &l);
        if let Block::Heading { depth: 1, .. } = b {
            let h = l.pixel_size().1 as f64;
            cr.set_line_width(0.6);
            cr.move_to(MARGIN, p.y + h + 2.0);
            cr.line_to(width - MARGIN, p.y + h + 2.0);
            let _ = cr.stroke();
        }
    }
    // The page number, centred at the foot.
    let foot = Block::Paragraph(format!("{}", n + 1));
    let l = layout(cr, &foot, inner_w);
    l.set_alignment(pango::Alignment::Center);
    cr.move_to(MARGIN, height - MARGIN / 2.0 - 6.0);
    pangocairo::functions::show_layout(cr, &l);
}

/// Writes the rules to a PDF file with a bookmark for every heading; returns the page count.
pub fn export_pdf(path: &Path) -> Result<usize, String> {
    let surface = cairo::PdfSurface::new(PAGE_WIDTH, PAGE_HEIGHT, path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let _ = surface.set_metadata(
        cairo::PdfMetadata::Title,
        &tr("Fief: France 1429 — the rules"),
    );
    let cr = cairo::Context::new(&surface).map_err(|e| e.to_string())?;
    let blocks = blocks();
    let pages = paginate(&cr, &blocks, PAGE_WIDTH, PAGE_HEIGHT);
    // Bookmarks: chapters at the top level, their sections beneath.
    let mut parents: Vec<i32> = vec![cairo::PDF_OUTLINE_ROOT];
    for (n, page) in pages.iter().enumerate() {
        for p in page {
            if let Block::Heading { text, depth } = &blocks[p.block] {
                parents.truncate((*depth).max(1));
                let parent = *parents.last().unwrap_or(&cairo::PDF_OUTLINE_ROOT);
                let link = format!("page={} pos=[{} {}]", n + 1, MARGIN, p.y);
                if let Ok(id) = surface.add_outline(parent, text, &link, cairo::PdfOutline::empty())
                {
                    parents.push(id);
                }
            }
        }
        draw_page(&cr, &blocks, &pages, n, PAGE_WIDTH, PAGE_HEIGHT);
        cr.show_page().map_err(|e| e.to_string())?;
    }
    drop(cr);
    surface.finish();
    Ok(pages.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Titles of the PDF's bookmarks, read back from the file (cairo writes them as literal
    /// strings, or as UTF-16 hex strings when they are not plain ASCII).
    fn bookmarks(pdf: &[u8]) -> Vec<String> {
        let text = String::from_utf8_lossy(pdf);
        let mut out = Vec::new();
        for part in text.split("/Title ").skip(1) {
            if let Some(rest) = part.strip_prefix('(') {
                let mut s = String::new();
                let mut chars = rest.chars();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => s.extend(chars.next()),
                        ')' => break,
                        c => s.push(c),
                    }
                }
                out.push(s);
            } else if let Some(rest) = part.strip_prefix("<FEFF") {
                let hex: String = rest.chars().take_while(|c| *c != '>').collect();
                let units: Vec<u16> = (0..hex.len() / 4)
                    .filter_map(|i| u16::from_str_radix(&hex[i * 4..i * 4 + 4], 16).ok())
                    .collect();
                out.push(String::from_utf16_lossy(&units));
            }
        }
        out
    }

    #[test]
    fn the_rules_print_to_a_pdf_with_every_section() {
        let dir = std::env::temp_dir().join(format!("fief-pdf-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("rules.pdf");
        let n = export_pdf(&path).unwrap();
        let pdf = std::fs::read(&path).unwrap();
        if let Some(keep) = std::env::var_os("FIEF_KEEP_PDF") {
            std::fs::copy(&path, keep).unwrap();
        }
        std::fs::remove_dir_all(&dir).ok();
        assert!(pdf.starts_with(b"%PDF-"));
        // Page objects in the file: "/Type /Page" but not "/Type /Pages".
        let text = String::from_utf8_lossy(&pdf);
        let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
        assert_eq!(pages, n, "the file holds another number of pages");
        assert!((8..60).contains(&n), "{n} pages");
        // The document's own title is in its metadata; the rest are bookmarks.
        let marks: Vec<String> = bookmarks(&pdf)
            .into_iter()
            .filter(|m| *m != tr("Fief: France 1429 — the rules"))
            .collect();
        for title in [
            "Quick reference",
            "1.4 Bishop elections",
            "5.2 Cavalcades",
            "6.2.2 Losses",
            "7.3 Ties",
            "11.3 Open Diplomacy",
        ] {
            assert!(
                marks.iter().any(|m| m == title),
                "no bookmark {title}: {marks:?}"
            );
        }
        let headings = blocks()
            .iter()
            .filter(|b| matches!(b, Block::Heading { .. }))
            .count();
        assert_eq!(marks.len(), headings, "a bookmark per heading");
    }

    #[test]
    fn pages_never_overflow_and_keep_every_block_once() {
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 10, 10).unwrap();
        let cr = cairo::Context::new(&surface).unwrap();
        let blocks = blocks();
        let pages = paginate(&cr, &blocks, PAGE_WIDTH, PAGE_HEIGHT);
        let placed: Vec<usize> = pages.iter().flatten().map(|p| p.block).collect();
        assert_eq!(placed, (0..blocks.len()).collect::<Vec<_>>());
        for page in &pages {
            assert!(!page.is_empty());
            // No page ends on a heading.
            let last = &blocks[page.last().unwrap().block];
            assert!(!matches!(last, Block::Heading { .. }) || page.len() == 1);
            assert!(page
                .iter()
                .all(|p| p.y >= MARGIN && p.y < PAGE_HEIGHT - MARGIN));
        }
        // A narrower page needs more of them.
        let narrow = paginate(&cr, &blocks, PAGE_WIDTH * 0.7, PAGE_HEIGHT);
        assert!(narrow.len() > pages.len());
    }
}
