#!/usr/bin/env python3
# Writes the template golden cases (golden/slides/template_*): one deck of every preset per
# corpus template (tests/fixtures/templates), in the language the case names. Run from the
# repository root: python3 tools/make-template-goldens.py . ; then cargo test --test golden
# writes their expected files for review.
import json, os, shutil, sys
T = {
 "en": dict(title="Annual review 2026", sub="Revenue, customers and the year ahead", sec="Part 1: Results", secsub="What changed this year",
   bul=["Revenue grew 18% to $42.1 million, ahead of plan", "Enterprise customers rose from 140 to 212", "Gross margin improved by 3.4 points to 61%", "Support response time fell below four hours"],
   left="Cloud revenue now makes up most of the mix, and renewals held above ninety percent through the year.", right=["Expand in Europe", "Launch the partner program", "Hire 30 engineers"],
   two="Where we stand", chart="Revenue by quarter", series="Revenue ($m)", table="Regional results", cols=["Region","Revenue","Growth"], rows=[["North America","18.2","12%"],["Europe","11.7","21%"],["Asia Pacific","9.4","27%"],["Other","2.8","4%"]],
   img="Our new office in Lisbon", imgcap="Opened in March with room for 120 people.", quote="“Customers remember the finish, not the feature list.”", attr="— Head of Product", close="Thank you", closesub="questions: team@example.com", bultitle="Highlights"),
 "ko": dict(title="2026년 연간 사업 리뷰", sub="매출, 고객, 그리고 내년 계획", sec="1부: 성과", secsub="올해 달라진 점",
   bul=["매출이 18% 늘어 421억 원을 기록했습니다", "기업 고객이 140곳에서 212곳으로 늘었습니다", "매출 총이익률이 3.4%p 개선되어 61%가 되었습니다", "고객 지원 응답 시간이 4시간 이내로 줄었습니다"],
   left="클라우드 매출이 전체의 절반을 넘었고, 연간 재계약률은 90% 이상을 유지했습니다.", right=["유럽 시장 확대", "파트너 프로그램 출시", "엔지니어 30명 채용"],
   two="현황과 전략", chart="분기별 매출", series="매출 (억 원)", table="지역별 실적", cols=["지역","매출","성장률"], rows=[["북미","182","12%"],["유럽","117","21%"],["아시아 태평양","94","27%"],["기타","28","4%"]],
   img="리스본 신규 사무소", imgcap="3월에 문을 열었고 120명이 일할 수 있습니다.", quote="“고객은 기능이 아니라 결과물의 완성도를 기억합니다.”", attr="— 제품 총괄", close="감사합니다", closesub="문의: team@example.com", bultitle="주요 성과"),
 "ja": dict(title="2026年 年次事業レビュー", sub="売上、顧客、そして来年の計画", sec="第1部：成果", secsub="今年変わったこと",
   bul=["売上は18%増の42億円となりました", "法人顧客は140社から212社に増えました", "売上総利益率は3.4ポイント改善し61%になりました", "サポートの応答時間は4時間以内になりました"],
   left="クラウド売上が全体の半分を超え、年間の契約更新率は90%以上を保ちました。", right=["欧州市場の拡大", "パートナー制度の開始", "エンジニア30名の採用"],
   two="現状と戦略", chart="四半期別売上", series="売上（億円）", table="地域別実績", cols=["地域","売上","成長率"], rows=[["北米","18.2","12%"],["欧州","11.7","21%"],["アジア太平洋","9.4","27%"],["その他","2.8","4%"]],
   img="リスボンの新オフィス", imgcap="3月に開設し、120名が働けます。", quote="「顧客が覚えているのは機能ではなく仕上がりです。」", attr="— プロダクト責任者", close="ありがとうございました", closesub="お問い合わせ：team@example.com", bultitle="主な成果"),
 "zh": dict(title="2026 年度业务回顾", sub="收入、客户与明年计划", sec="第一部分：成果", secsub="今年的变化",
   bul=["收入增长 18%，达到 4.21 亿元", "企业客户从 140 家增至 212 家", "毛利率提高 3.4 个百分点至 61%", "客服响应时间缩短到四小时以内"],
   left="云业务收入已占一半以上，全年续约率保持在百分之九十以上。", right=["拓展欧洲市场", "推出合作伙伴计划", "招聘 30 名工程师"],
   two="现状与策略", chart="季度收入", series="收入（亿元）", table="各地区业绩", cols=["地区","收入","增长"], rows=[["北美","1.82","12%"],["欧洲","1.17","21%"],["亚太","0.94","27%"],["其他","0.28","4%"]],
   img="里斯本新办公室", imgcap="三月启用，可容纳 120 人。", quote="“客户记住的是成品的完成度，而不是功能清单。”", attr="— 产品负责人", close="谢谢", closesub="联系：team@example.com", bultitle="主要成果"),
}
def deck(lang):
    t = T[lang]
    txt = lambda i, s, **k: dict(element_id=i, kind="text", content={"text": s}, **k)
    slides = [
      dict(slide_id="s1", type="title", layout={"layout_id": "title_center"}, elements=[txt("e1", t["title"]), txt("e2", t["sub"])]),
      dict(slide_id="s2", type="section", layout={"layout_id": "section_header"}, elements=[txt("e1", t["sec"]), txt("e2", t["secsub"])]),
      dict(slide_id="s3", type="content", layout={"layout_id": "one_column"}, elements=[txt("e1", t["bultitle"]), dict(element_id="e2", kind="bullets", content={"items": t["bul"]})]),
      dict(slide_id="s4", type="content", layout={"layout_id": "two_column"}, elements=[txt("e1", t["two"]), txt("e2", t["left"]), dict(element_id="e3", kind="bullets", content={"items": t["right"]})]),
      dict(slide_id="s5", type="chart", layout={"layout_id": "chart_focus"}, elements=[txt("e1", t["chart"]), dict(element_id="e2", kind="chart", content={"chart_type": "bar", "series": [{"name": t["series"], "data": [{"x": "Q1", "y": 9.1}, {"x": "Q2", "y": 10.2}, {"x": "Q3", "y": 10.9}, {"x": "Q4", "y": 11.9}]}]})]),
      dict(slide_id="s6", type="table", layout={"layout_id": "table_focus"}, elements=[txt("e1", t["table"]), dict(element_id="e2", kind="table", content={"columns": t["cols"], "rows": t["rows"]})]),
      dict(slide_id="s7", type="image", layout={"layout_id": "image_full_bleed"}, elements=[dict(element_id="e1", kind="image", content={"asset_id": "photo", "alt_text": t["img"]}), txt("e2", t["img"]), txt("e3", t["imgcap"])]),
      dict(slide_id="s8", type="quote", layout={"layout_id": "quote_center"}, elements=[txt("e1", t["quote"], role="quote"), txt("e2", t["attr"], role="attribution")]),
      dict(slide_id="s9", type="closing", layout={"layout_id": "closing"}, elements=[txt("e1", t["close"]), txt("e2", t["closesub"])]),
    ]
    return {"spec_version": "slidespec_v1", "deck": {"title": t["title"], "language": lang, "slides": slides},
            "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}},
            "assets": [{"asset_id": "photo", "type": "image", "source": {"kind": "file", "file_id": "photo.jpg"}}]}
root = sys.argv[1]
cases = {"template_python_pptx": ("python-pptx-default.pptx", "ko"), "template_pandoc": ("pandoc-reference.pptx", "en"),
         "template_lo_focus": ("libreoffice-focus.pptx", "en"), "template_lo_vivid_potx": ("libreoffice-vivid.potx", "zh"),
         "template_edited_ko": ("edited-ko-names.pptx", "ko"), "template_edited_ja_logo": ("edited-ja-names-logo-wide.pptx", "ja")}
for name, (tpl, lang) in cases.items():
    d = os.path.join(root, "golden/slides", name); os.makedirs(d, exist_ok=True)
    json.dump(deck(lang), open(os.path.join(d, "input.json"), "w"), ensure_ascii=False, indent=2)
    json.dump({"template": tpl}, open(os.path.join(d, "options.json"), "w"))
    shutil.copy(os.path.join(root, "golden/slides/image_full_bleed/photo.jpg"), d)
